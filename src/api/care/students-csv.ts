import type { PayloadRequest } from 'payload'

import type { Student, User } from '#cms/payload-types'
import { csvTable } from '#api/lib/csv'
import { optionalRelationId, relationId } from '#api/lib/relations'
import { calendarDay } from '#shared/dates'
import { contactsOf, findCareOf, findPickupsOf } from './care-records'
import type { PersonDto } from './schemas'

const people = (list: PersonDto[]) => list.map((p) => `${p.name}${p.relationship ? ` (${p.relationship})` : ''} ${p.phone}`).join('; ')
const PHOTO = { yes: 'Yes', no: 'No' } as const

/**
 * GET /api/admin/students.csv: every student with its family and the household's other guardians, emergency contacts, allergies,
 * photo choice and authorised pickups (issue 24). Medical notes stay out: they are read one
 * student at a time, and each read is recorded.
 */
export async function studentsCareCsv(req: PayloadRequest): Promise<string> {
  const students = (
    await req.payload.find({ collection: 'students', depth: 0, limit: 0, pagination: false, sort: ['fullName', 'id'], req, overrideAccess: true })
  ).docs as Student[]
  const ids = students.map((s) => s.id)
  const userIds = [...new Set(students.map((s) => relationId(s.user)))]
  const [care, pickups, users] = await Promise.all([
    findCareOf(req, ids),
    findPickupsOf(req, ids),
    userIds.length === 0
      ? []
      : req.payload
          // The households' accounts and every guardian pointing at one of them (decisions §23).
          .find({
            collection: 'users',
            where: { or: [{ id: { in: userIds } }, { household: { in: userIds } }] },
            depth: 0,
            limit: 0,
            pagination: false,
            req,
            overrideAccess: true,
          })
          .then((r) => r.docs as User[]),
  ])
  const family = new Map(users.map((u) => [u.id, u]))
  const otherGuardians = (householdId: number) =>
    users
      .filter((u) => optionalRelationId(u.household) === householdId)
      .map((u) => `${u.fullName} <${u.email}>${u.guardianAccess === 'view' ? ' (view and attendance)' : ''}`)
      .join('; ')
  const header = [
    'Student',
    'Date of birth',
    'Family',
    'Family email',
    'Other guardians',
    'Emergency contacts',
    'Allergies',
    'May be photographed',
    'Authorised pickups',
  ]
  return csvTable(
    header,
    students.map((s) => {
      const doc = care.get(s.id)
      const owner = family.get(relationId(s.user))
      return [
        s.fullName,
        calendarDay(s.dateOfBirth),
        owner?.fullName ?? '',
        owner?.email ?? '',
        otherGuardians(relationId(s.user)),
        people(contactsOf(doc)),
        doc?.allergies ?? '',
        doc?.mayBePhotographed ? PHOTO[doc.mayBePhotographed] : 'Not answered',
        people(pickups.get(s.id) ?? []),
      ]
    }),
  )
}
