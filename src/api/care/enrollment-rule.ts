import type { PayloadRequest } from 'payload'

import type { Student } from '#cms/payload-types'
import { conflict } from '#api/errors'
import { findCareOf } from './care-records'
import { emergencyContactNeededMessage } from './schemas'

/**
 * A child is first enrolled only once the family has given at least one emergency contact
 * (issue 24): a student with no enrollment at all (ended ones count) and no contact is refused
 * with 409 and words that name the child and say what to do. Students already enrolled before
 * the rule keep enrolling.
 */
export async function refuseFirstEnrollmentWithoutContact(req: PayloadRequest, student: Student): Promise<void> {
  const { totalDocs } = await req.payload.count({ collection: 'enrollments', where: { student: { equals: student.id } }, req, overrideAccess: true })
  if (totalDocs > 0) return
  const care = (await findCareOf(req, [student.id])).get(student.id)
  if ((care?.emergencyContacts ?? []).length === 0) throw conflict(emergencyContactNeededMessage(student.fullName))
}
