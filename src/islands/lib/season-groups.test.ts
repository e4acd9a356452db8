import { describe, expect, it } from 'vitest'

import type { ClassDto, ClassSeasonDto } from '#api/classes/schemas'
import type { ReEnrollmentDto } from '#api/seasons/schemas'
import { groupBySeason, registrationText, seasonReason } from './season-groups'

const THIS: ClassSeasonDto = { id: 1, name: '2026–27', firstDay: '2026-09-01', lastDay: '2027-06-15', priorityOpens: '2026-05-01', openOpens: '2026-05-15' }
const NEXT: ClassSeasonDto = { id: 2, name: '2027–28', firstDay: '2027-09-01', lastDay: '2028-06-15', priorityOpens: '2027-05-01', openOpens: '2027-05-15' }
const cls = (id: number, season?: ClassSeasonDto) => ({ id, name: `Class ${id}`, ...(season ? { season } : {}) }) as ClassDto
const reEnrollment = (returning: boolean): ReEnrollmentDto => ({
  season: { ...NEXT, rolledFromId: 1 },
  phase: 'priority',
  children: [{ studentId: 7, fullName: 'Mia', currentLevel: null, returning, mayEnroll: returning, suggested: [] }],
})

describe('classes by season', () => {
  it('puts classes of no season first, then the seasons by their first day, keeping the order within each', () => {
    const groups = groupBySeason([cls(1, NEXT), cls(2, THIS), cls(3), cls(4, NEXT), cls(5, THIS)])
    expect(groups.map((g) => [g.season?.name ?? null, g.classes.map((c) => c.id)])).toEqual([
      [null, [3]],
      ['2026–27', [2, 5]],
      ['2027–28', [1, 4]],
    ])
  })

  it('is one group for a fresh install, whose classes have no season', () => {
    expect(groupBySeason([cls(1), cls(2)])).toEqual([{ season: null, classes: [cls(1), cls(2)] }])
  })
})

describe('registration of a season', () => {
  it('says when registration opens, then that priority registration runs, then nothing', () => {
    expect(registrationText(NEXT, '2027-04-30')).toBe('Registration opens 1 May 2027 for returning dancers and 15 May 2027 for everyone.')
    expect(registrationText(NEXT, '2027-05-01')).toBe('Priority registration for returning dancers; open to everyone from 15 May 2027.')
    expect(registrationText(NEXT, '2027-05-15')).toBeNull()
  })

  it('refuses before registration opens and, in priority registration, a child who is not returning, as the server would', () => {
    expect(seasonReason(cls(1, NEXT), 7, '2027-04-30', undefined)).toBe(
      'Registration for 2027–28 opens on 1 May 2027 for returning dancers and on 15 May 2027 for everyone.',
    )
    expect(seasonReason(cls(1, NEXT), 7, '2027-05-02', reEnrollment(false))).toBe(
      'Priority registration for 2027–28 is open to returning dancers until 15 May 2027; registration opens to everyone then.',
    )
    expect(seasonReason(cls(1, NEXT), 7, '2027-05-02', reEnrollment(true))).toBeNull()
    // Another child, or a season the answer is not about: the server decides.
    expect(seasonReason(cls(1, NEXT), 8, '2027-05-02', reEnrollment(false))).toBeNull()
    expect(seasonReason(cls(1, NEXT), 7, '2027-05-15', reEnrollment(false))).toBeNull()
    expect(seasonReason(cls(2), 7, '2027-04-30', undefined)).toBeNull()
  })
})
