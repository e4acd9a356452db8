import { APIError, type CollectionBeforeDeleteHook } from 'payload'

/** A class or student that goes takes its waitlist entries with it, in the delete's own transaction. */
export function deleteWaitlistEntriesOf(field: 'class' | 'student'): CollectionBeforeDeleteHook {
  return async ({ id, req }) => {
    const result = await req.payload.delete({ collection: 'waitlist-entries', where: { [field]: { equals: id } }, req, overrideAccess: true, depth: 0 })
    if (result.errors.length > 0) throw new APIError(`Could not delete the waitlist entries: ${result.errors.map((e) => e.message).join('; ')}`, 500)
  }
}
