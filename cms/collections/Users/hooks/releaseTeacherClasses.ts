import { APIError, type CollectionAfterChangeHook } from 'payload'

import type { User } from '#cms/payload-types'

/**
 * An account that stops being a teacher stops teaching (decisions §16): the classes that named
 * it lose their teacher in the same transaction as the flag, whoever takes the flag off (the
 * Users tab, /cms), so no class keeps pointing at an account that cannot open /teach.
 */
export const releaseTeacherClasses: CollectionAfterChangeHook<User> = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || !previousDoc?.isTeacher || doc.isTeacher) return doc
  const result = await req.payload.update({
    collection: 'classes',
    where: { teacher: { equals: doc.id } },
    data: { teacher: null },
    depth: 0,
    req,
    overrideAccess: true,
  })
  if (result.errors.length > 0) throw new APIError(`Could not release the teacher's classes: ${result.errors.map((e) => e.message).join('; ')}`, 500)
  return doc
}
