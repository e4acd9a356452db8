import type { Class, Student } from '#cms/payload-types'
import { badInput } from '#api/errors'
import { ageFitsGroup, ageOn } from '#shared/eligibility'
import { notInAgeGroupMessage } from './schemas'

/**
 * A family enrolls a student only into a class whose age group fits the student on `today`
 * (400); an administrator may enroll outside it (decisions §4). Enrolling and its quote both ask.
 */
export function refuseOutsideAgeGroup(student: Student, cls: Class, today: string, admin: boolean): void {
  if (!admin && !ageFitsGroup(ageOn(student.dateOfBirth, today), cls.ageGroup)) {
    throw badInput(notInAgeGroupMessage(student.fullName, cls.name, cls.ageGroup))
  }
}
