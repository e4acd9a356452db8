import type { PayloadRequest } from 'payload'

import { findCareOf, findPickupsOf } from './care-records'
import type { PhotoChoice, RosterCareDto } from './schemas'

/**
 * What the roster shows of each enrolled child (the caller, attendance's roster, has checked the
 * class is the teacher's): allergies, whether there are medical notes (the notes themselves are
 * read from the child's care page, and audited), the photo choice and the authorised pickups.
 */
export async function rosterCare(req: PayloadRequest, studentIds: number[]): Promise<Map<number, RosterCareDto>> {
  const [care, pickups] = await Promise.all([findCareOf(req, studentIds), findPickupsOf(req, studentIds)])
  return new Map(
    studentIds.map((id) => {
      const doc = care.get(id)
      return [
        id,
        {
          allergies: doc?.allergies ?? '',
          hasMedicalNotes: Boolean(doc?.medicalNotes?.trim()),
          mayBePhotographed: (doc?.mayBePhotographed as PhotoChoice | null | undefined) ?? null,
          pickups: pickups.get(id) ?? [],
        },
      ]
    }),
  )
}
