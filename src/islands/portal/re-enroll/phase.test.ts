import { describe, expect, it } from 'vitest'

import type { ReEnrollmentDto, SuggestedClassDto } from '#api/seasons/schemas'
import { firstChoice, phaseText, seasonDaysText, showsReEnrollBanner } from './phase'

const season = { id: 2, name: '2027–28', firstDay: '2027-09-01', lastDay: '2028-06-30', priorityOpens: '2027-05-01', openOpens: '2027-06-01', rolledFromId: 1 }
const cls = (id: number, level: string | null, enrolled = false): SuggestedClassDto => ({
  id,
  name: `Class ${id}`,
  ageGroup: '6-8',
  days: 'Tuesday',
  time: '4:00-5:00pm',
  room: null,
  instructor: 'Ms. Rivera',
  price: 6500,
  level,
  reason: 'level',
  enrolled,
})
const child = (returning: boolean, suggested: SuggestedClassDto[] = []) => ({
  studentId: 1,
  fullName: 'Ava',
  currentLevel: 'Grade 3',
  returning,
  mayEnroll: returning,
  suggested,
})

describe('phaseText', () => {
  it('names the days before, during and after priority registration', () => {
    expect(phaseText(season, 'notOpen').text).toBe('Registration for 2027–28 opens on 1 May 2027 for returning dancers and on 1 June 2027 for everyone.')
    expect(phaseText(season, 'priority')).toEqual({
      title: 'Priority registration for 2027–28 is open',
      text: 'Returning dancers may re-enroll now, before registration opens to everyone on 1 June 2027.',
    })
    expect(phaseText(season, 'open').title).toBe('Registration for 2027–28 is open')
    expect(seasonDaysText(season)).toBe('2027–28 runs from 1 September 2027 to 30 June 2028.')
  })
})

describe('showsReEnrollBanner', () => {
  const data = (phase: ReEnrollmentDto['phase'], returning: boolean): ReEnrollmentDto => ({ season, phase, children: [child(returning)] })
  it('shows while priority or open registration is on and a child is returning', () => {
    expect(showsReEnrollBanner(data('priority', true))).toBe(true)
    expect(showsReEnrollBanner(data('open', true))).toBe(true)
    expect(showsReEnrollBanner(data('notOpen', true))).toBe(false)
    expect(showsReEnrollBanner(data('priority', false))).toBe(false)
    expect(showsReEnrollBanner({ season: null, phase: null, children: [] })).toBe(false)
    expect(showsReEnrollBanner(undefined)).toBe(false)
  })
})

describe('firstChoice', () => {
  it('chooses the class of the recommended level first, never one the child is in, else the first', () => {
    expect(firstChoice(child(true, [cls(1, 'Grade 3'), cls(2, 'Grade 4')]), ['Grade 4'])).toBe(2)
    expect(firstChoice(child(true, [cls(1, 'Grade 3'), cls(2, 'Grade 4', true)]), ['Grade 4'])).toBe(1)
    expect(firstChoice(child(true, [cls(1, 'Grade 3')]), [])).toBe(1)
    expect(firstChoice(child(true, []), [])).toBeNull()
  })
})
