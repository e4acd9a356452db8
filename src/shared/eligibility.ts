import { parseIsoDate, todayIso } from './dates'

/**
 * Who may take which class (spec §5 "Class eligibility", "Age group from age"; decisions §4).
 * Pure and browser-safe: the server's age check and the class-selection screen use the same rules.
 */

/**
 * Age in whole years on a given day. Someone born on 29 February becomes a year older on
 * 1 March in common years (their birthday has not happened on 28 February).
 * Accepts a stored timestamp too: only its date part counts.
 */
export function ageOn(dateOfBirth: string, onDate: string = todayIso()): number {
  const born = parseIsoDate(dateOfBirth.slice(0, 10))
  const on = parseIsoDate(onDate.slice(0, 10))
  if (!born || !on) return Number.NaN
  const hadBirthday = on.month > born.month || (on.month === born.month && on.day >= born.day)
  return on.year - born.year - (hadBirthday ? 0 : 1)
}

/**
 * The day a student's age is counted on for a class (decisions §32): the academy's today, or the
 * class's first day while its term has not begun, so that next season's classes take a dancer as
 * old as they will be when it starts.
 */
export function ageDayFor(cls: { termStart?: string | null }, today: string = todayIso()): string {
  const first = cls.termStart ? cls.termStart.slice(0, 10) : null
  return first && first > today ? first : today
}

/** A student's age for a class: on its first day when that is still to come, else today. */
export function ageForClass(dateOfBirth: string, cls: { termStart?: string | null }, today: string = todayIso()): number {
  return ageOn(dateOfBirth, ageDayFor(cls, today))
}

/**
 * Admission's age check (#shared/admission, `ageGroup`): the class's age group fits the student's
 * age for its term. Asked by every path into a class and by next season's suggestions alike.
 */
export function fitsClassAgeGroup(dateOfBirth: string, cls: { ageGroup: string; termStart?: string | null }, today: string): boolean {
  return ageFitsGroup(ageForClass(dateOfBirth, { termStart: cls.termStart ? cls.termStart.slice(0, 10) : null }, today), cls.ageGroup)
}

/** The recommended age group for an age (spec §5). */
export function ageGroupForAge(age: number): string {
  if (age < 6) return '3-5'
  if (age < 9) return '6-8'
  if (age < 13) return '9-12'
  if (age < 18) return '13-17'
  return '18+'
}

export type AgeRange = { min: number; max: number | null }

/** `a-b` (inclusive range) or `n+` (decisions §4). */
export const AGE_GROUP_PATTERN = /^(\d{1,2})(?:-(\d{1,2})|\+)$/

/** `a-b` (inclusive) or `n+` (no upper bound); anything else is not an age group. */
export function parseAgeGroup(group: string): AgeRange | null {
  const match = AGE_GROUP_PATTERN.exec(group)
  if (!match) return null
  const min = Number(match[1])
  if (match[2] === undefined) return { min, max: null }
  const max = Number(match[2])
  return min <= max ? { min, max } : null
}

export function ageFitsGroup(age: number, group: string): boolean {
  const range = parseAgeGroup(group)
  if (!range || !Number.isFinite(age)) return false
  return age >= range.min && (range.max === null || age <= range.max)
}

/**
 * The level rule (issue 27): a class that teaches a level is open only to students placed at it
 * (or recommended for it by a teacher); a class without a level is open to every level.
 */
export function levelFits(classLevelId: number | null, placedLevelIds: readonly number[]): boolean {
  return classLevelId === null || placedLevelIds.includes(classLevelId)
}

/** The filter chip value that shows every class the student's age fits. */
export const ALL_AGES = 'all'

/**
 * Whether a class is offered to a student on the class-selection screen: never one they are
 * already in; with 'all', only classes whose age group contains their age; with a chosen group,
 * every class of that group (spec §5).
 */
export function isEligibleClass(
  cls: { id: number; ageGroup: string },
  student: { age: number; enrolledClassIds: Iterable<number> },
  filter: string = ALL_AGES,
): boolean {
  for (const id of student.enrolledClassIds) if (id === cls.id) return false
  if (filter === ALL_AGES) return ageFitsGroup(student.age, cls.ageGroup)
  return cls.ageGroup === filter
}

/** Distinct age groups for the filter chips: numerically by lower then upper bound, `+` groups last. */
export function sortAgeGroups(groups: Iterable<string>): string[] {
  const distinct = [...new Set(groups)]
  const key = (group: string): [number, number, number] => {
    const range = parseAgeGroup(group)
    if (!range) return [2, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]
    return range.max === null ? [1, range.min, 0] : [0, range.min, range.max]
  }
  return distinct.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)]
    return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2] || a.localeCompare(b)
  })
}
