import { describe, expect, it } from 'vitest'

import { markKey, parseUnsaved } from './unsaved-marks'

describe('unsaved attendance marks', () => {
  it('keys a mark by class, student and day', () => {
    expect(markKey(3, 17, '2026-11-23')).toBe('3:17:2026-11-23')
  })

  it('reads back what was stored and drops anything malformed', () => {
    expect(parseUnsaved(JSON.stringify({ '3:17:2026-11-23': 'late', '3:18:2026-11-23': 'present' }))).toEqual({
      '3:17:2026-11-23': 'late',
      '3:18:2026-11-23': 'present',
    })
    expect(parseUnsaved(JSON.stringify({ '3:17:2026-11-23': 'asleep', nonsense: 'late' }))).toEqual({})
    expect(parseUnsaved('[1,2]')).toEqual({})
    expect(parseUnsaved('{not json')).toEqual({})
    expect(parseUnsaved(null)).toEqual({})
  })
})
