import type { PayloadRequest } from 'payload'

import type { Class, Student } from '#cms/payload-types'
import { badInput } from '#api/errors'
import { notInAgeGroupMessage } from '#api/enrollment/schemas'
import { ageFitsGroup, ageForClass, levelFits } from '#shared/eligibility'
import { calendarDay } from '#shared/dates'
import { classLevelId, levelsById, placedLevelIds } from './placement-rule'
import { notPlacedAtLevelMessage } from './schemas'

export type EligibilityCheck = {
  /** The academy's day: the student's age is counted on it, or on the class's first day while that is to come. */
  today: string
  /** An administrator may enroll outside the age group and the level (decisions §4, issue 27). */
  admin: boolean
  /**
   * Whether the age group is asked too: enrolling and joining a waitlist ask it; accepting an
   * offer was asked it when joining, and a makeup keeps to the missed class's age group.
   */
  ageGroup: boolean
}

/**
 * Who may take a class (spec §5 "Class eligibility", decisions §4 and §32, issue 27): the class's age
 * group fits the student on `today` (on the class's first day when its term is still to come), and, where the class teaches a level, the student is placed
 * at it or recommended for it by a published assessment. Every path that puts a student into a class asks here: enrolling and its quote, joining
 * a waitlist and accepting its offer, booking a makeup. Refused with 400 and words naming both.
 */
export async function refuseIneligible(req: PayloadRequest, student: Student, cls: Class, check: EligibilityCheck): Promise<void> {
  if (check.admin) return
  const age = ageForClass(student.dateOfBirth, { termStart: cls.termStart ? calendarDay(cls.termStart) : null }, check.today)
  if (check.ageGroup && !ageFitsGroup(age, cls.ageGroup)) {
    throw badInput(notInAgeGroupMessage(student.fullName, cls.name, cls.ageGroup))
  }
  const levelId = classLevelId(cls)
  if (levelId === null || levelFits(levelId, await placedLevelIds(req, student))) return
  const level = (await levelsById(req, [levelId!])).get(levelId!)
  // A level removed meanwhile leaves the class open (the relation is cleared with it).
  if (level) throw badInput(notPlacedAtLevelMessage(student.fullName, cls.name, level.name))
}
