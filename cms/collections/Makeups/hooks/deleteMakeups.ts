import type { CollectionBeforeDeleteHook, Where } from 'payload'

/**
 * A student or class that goes takes its makeups with it (decisions §16), inside the delete's
 * own transaction: the makeups of the student, or those booked in the class or made up for it.
 */
export function deleteMakeupsOf(field: 'class' | 'student'): CollectionBeforeDeleteHook {
  return async ({ id, req }) => {
    const where: Where = field === 'student' ? { student: { equals: id } } : { or: [{ class: { equals: id } }, { missedClass: { equals: id } }] }
    await req.payload.db.deleteMany({ collection: 'makeups', where, req })
  }
}
