import type { PayloadRequest } from 'payload'

import { photoReleaseChoices } from '#api/policies'
import { findCareOf, findPickupsOf } from './care-records'
import type { PhotoChoice, RosterCareDto } from './schemas'

/**
 * What the roster shows of each enrolled child (the caller, attendance's roster, has checked the
 * class is the teacher's): allergies, whether there are medical notes (the notes themselves are
 * read from the child's care page, and audited), the photo choice (the signed photo release's,
 * issue 26, when there is one) and the authorised pickups.
 */
export async function rosterCare(req: PayloadRequest, studentIds: number[]): Promise<Map<number, RosterCareDto>> {
  const [care, pickups, releases] = await Promise.all([findCareOf(req, studentIds), findPickupsOf(req, studentIds), photoReleaseChoices(req, studentIds)])
  return new Map(
    studentIds.map((id) => {
      const doc = care.get(id)
      return [
        id,
        {
          allergies: doc?.allergies ?? '',
          hasMedicalNotes: Boolean(doc?.medicalNotes?.trim()),
          mayBePhotographed: (doc?.mayBePhotographed as PhotoChoice | null | undefined) ?? null,
          photoRelease: releases.get(id) ?? null,
          pickups: pickups.get(id) ?? [],
        },
      ]
    }),
  )
}
