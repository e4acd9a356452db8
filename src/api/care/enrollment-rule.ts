import type { PayloadRequest } from 'payload'

import type { Student } from '#cms/payload-types'
import { conflict } from '#api/errors'
import { readStudioSettings } from '#api/studio'
import { findCareOf } from './care-records'
import { emergencyContactNeededMessage } from './schemas'

/**
 * A child is first enrolled only once the family has given at least one emergency contact
 * (issue 24), when the studio asks for it: a rule stricter than the specification, so a studio
 * setting (`emergencyContactRequired`), off on a fresh install (decisions §37). A student with no
 * enrollment at all (ended ones count) and no contact is refused with 409 and words that name the
 * child and say what to do. Students already enrolled before the rule keep enrolling. One of
 * admission's checks (src/api/admission; the office may enrol first and ask after, decisions §22).
 */
export async function refuseFirstEnrollmentWithoutContact(req: PayloadRequest, student: Student): Promise<void> {
  if (!(await readStudioSettings(req.payload, req)).emergencyContactRequired) return
  const { totalDocs } = await req.payload.count({ collection: 'enrollments', where: { student: { equals: student.id } }, req, overrideAccess: true })
  if (totalDocs > 0) return
  const care = (await findCareOf(req, [student.id])).get(student.id)
  if ((care?.emergencyContacts ?? []).length === 0) throw conflict(emergencyContactNeededMessage(student.fullName))
}
