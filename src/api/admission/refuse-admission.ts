import type { PayloadRequest } from 'payload'

import type { Class, Student, User } from '#cms/payload-types'
import { isAdminUser } from '#api/auth'
import { badInput } from '#api/errors'
import { refuseFirstEnrollmentWithoutContact } from '#api/care'
import { refuseOutsideLevel } from '#api/levels'
import { refuseUnsignedPolicies } from '#api/policies'
import { refuseOutsideRegistration } from '#api/seasons'
import { checksFor, type AdmissionActor, type AdmissionCheck, type AdmissionPath } from '#shared/admission'
import { fitsClassAgeGroup } from '#shared/eligibility'
import { notInAgeGroupMessage } from './schemas'

type Check = (req: PayloadRequest, student: Student, cls: Class, today: string) => Promise<void>

/** Each check of #shared/admission, asked of the slice that owns its rule. */
const CHECKS: Record<AdmissionCheck, Check> = {
  ageGroup: async (_req, student, cls, today) => {
    if (!fitsClassAgeGroup(student.dateOfBirth, cls, today)) throw badInput(notInAgeGroupMessage(student.fullName, cls.name, cls.ageGroup))
  },
  level: (req, student, cls) => refuseOutsideLevel(req, student, cls),
  registration: (req, student, cls, today) => refuseOutsideRegistration(req, student, cls, today),
  emergencyContact: (req, student) => refuseFirstEnrollmentWithoutContact(req, student),
  policies: (req, student, cls) => refuseUnsignedPolicies(req, student, cls.id),
}

const actorOf = (user: User): AdmissionActor => (isAdminUser(user) ? 'office' : 'family')

/**
 * Refuses what `path` may not do for this student and class on `today` (the academy's day): every
 * check the admission table gives the path for the caller, in its order; the first refusal is the
 * answer (400 for the age group and the level, 409 for registration, the contact and the
 * documents). The place itself (duplicates, capacity, offers) is counted under the class's lock.
 */
export async function refuseAdmission(req: PayloadRequest, path: AdmissionPath, user: User, student: Student, cls: Class, today: string): Promise<void> {
  for (const check of checksFor(path, actorOf(user))) await CHECKS[check](req, student, cls, today)
}
