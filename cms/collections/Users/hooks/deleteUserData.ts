import { APIError, type CollectionBeforeDeleteHook, type PayloadRequest } from 'payload'

type CascadeSlug = 'waitlist-entries' | 'students' | 'notification-preferences' | 'payment-methods' | 'billing-profiles' | 'message-recipients'

async function deleteAll(req: PayloadRequest, collection: CascadeSlug, where: Record<string, unknown>): Promise<void> {
  const result = await req.payload.delete({ collection, where: where as never, req, overrideAccess: true, depth: 0 })
  if (result.errors.length > 0) {
    const reason = result.errors.map((e) => e.message).join('; ')
    throw new APIError(`Could not delete the account's ${collection}: ${reason}`, 500)
  }
}

/**
 * Decisions §2: deleting an account removes its students, their enrollments, its notification
 * preferences, saved payment methods, billing profile (autopay) and copies of messages, inside the delete's own transaction (so a failure
 * keeps everything). Invoices and payments are financial records and stay: they carry a plain
 * user id and a payer snapshot, not a relationship.
 */
export const deleteUserData: CollectionBeforeDeleteHook = async ({ id, req }) => {
  // The family's places in line go first, so the places its students' enrollments free go to other families.
  await deleteAll(req, 'waitlist-entries', { family: { equals: id } })
  // Each student's own beforeDelete hooks take its enrollments and attendance marks.
  await deleteAll(req, 'students', { user: { equals: id } })
  await deleteAll(req, 'notification-preferences', { user: { equals: id } })
  await deleteAll(req, 'payment-methods', { user: { equals: id } })
  await deleteAll(req, 'billing-profiles', { user: { equals: id } })
  // Its copies of messages (issue 25); the messages themselves stay for the studio.
  await deleteAll(req, 'message-recipients', { user: { equals: id } })
}
