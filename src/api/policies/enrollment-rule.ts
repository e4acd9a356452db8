import type { PayloadRequest } from 'payload'

import type { Student } from '#cms/payload-types'
import { conflict } from '#api/errors'
import { policiesFor } from './requirements'
import { policiesNeededMessage } from './schemas'

/**
 * A child dances only once the required documents are signed (issue 26): enrolling, accepting a
 * waitlist offer and taking a makeup are refused with 409, naming the documents and where to sign
 * them, while one is unsigned at its current version (or signed at an older one that asked for a
 * new signature, past its re-sign-by day). `classId` is the class joined (documents of some
 * classes). Only documents that exist gate: with none, nothing changes.
 */
export async function refuseUnsignedPolicies(req: PayloadRequest, student: Student, classId: number): Promise<void> {
  const blocking = (await policiesFor(req, student, [classId])).filter((doc) => doc.blocking)
  if (blocking.length > 0)
    throw conflict(
      policiesNeededMessage(
        student.fullName,
        blocking.map((doc) => doc.title),
        student.id,
      ),
    )
}
