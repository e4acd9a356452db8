import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { isAdminUser } from '#api/auth'
import { removeAsFamily } from '#api/self-service'
import type { DropDto } from '#api/self-service/schemas'
import { deleteEnrollment } from './enrollments'

/** What DELETE /api/enrollments/{id} answers: the spec reads `message`; the rest says what happened. */
export type RemovalDto = { message: string; enrollmentId: number; removed: boolean; endDate: string | null }

/**
 * DELETE /api/enrollments/{id} (spec §7; decisions §18). An administrator removes the enrollment
 * at once. A family's removal goes through the drop rules of the self-service slice: a drop
 * from the earliest day the notice allows (prorated), or, for an enrollment not begun whose
 * first day the notice already covers, a removal that costs nothing.
 */
export async function removeEnrollment(req: PayloadRequest, user: User, id: number): Promise<RemovalDto> {
  const plan: 'remove' | 'cancel' | DropDto = isAdminUser(user) ? 'remove' : await removeAsFamily(req, user, id)
  if (plan === 'remove' || plan === 'cancel') {
    await deleteEnrollment(req, user, id)
    return {
      // The spec's answer for a removal; a family's is one whose class has not met yet, so nothing is owed.
      message: 'Enrollment removed.',
      enrollmentId: id,
      removed: true,
      endDate: null,
    }
  }
  return { ...plan, removed: false }
}
