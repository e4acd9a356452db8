import type { PayloadRequest } from 'payload'

import type { Student, User } from '#cms/payload-types'
import { familyRows, householdOf } from '#api/lib/ownership'
import { policiesFor } from './requirements'
import type { OutstandingDto } from './schemas'

/**
 * GET /api/policies/outstanding: the caller's own students with a document to sign (never
 * signed, withdrawn, or a new version asking again), for the portal's banner. Optional documents
 * never signed are left out: the banner speaks of what is required or asked again.
 */
export async function outstandingPolicies(req: PayloadRequest, user: User): Promise<OutstandingDto[]> {
  const students = (
    await req.payload.find({
      collection: 'students',
      where: familyRows(householdOf(user)),
      sort: 'id',
      depth: 0,
      limit: 0,
      pagination: false,
      req,
      overrideAccess: true,
    })
  ).docs as Student[]
  const answers = await Promise.all(
    students.map(async (student) => {
      const pending = (await policiesFor(req, student)).filter((doc) => doc.status === 'resign' || (doc.required && doc.status !== 'signed'))
      return { studentId: student.id, studentName: student.fullName, titles: pending.map((doc) => doc.title), blocking: pending.some((doc) => doc.blocking) }
    }),
  )
  return answers.filter((answer) => answer.titles.length > 0)
}
