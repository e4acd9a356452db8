import { describe, expect, it } from 'vitest'

import { parseDays, parseTimeRange } from '#shared/schedule'

import { DEMO_CLASSES } from './classes'

describe('the demo timetable', () => {
  it('has days and times the schedule and the calendar feed can read', () => {
    for (const cls of DEMO_CLASSES) {
      expect(parseDays(cls.days).length, cls.days).toBeGreaterThan(0)
      expect(parseTimeRange(cls.time), cls.time).not.toBeNull()
    }
  })
})
