import { type PayloadRequest } from 'payload'

import type { User, WaitlistEntry } from '#cms/payload-types'
import { notFound } from '#api/errors'
import { WAITLIST_MESSAGES } from './schemas'
import { relationId } from '#api/lib/relations'
import { inTransaction } from '#api/lib/database'
import { academyNow } from '#api/lib/academy-clock'
import { settleClass } from './expiry'
import { lockClass } from '#api/admission'

/** An entry the caller may act on (its family's, or any for an administrator), or 404 for all else. */
async function findOwnEntry(req: PayloadRequest, user: User, id: number): Promise<WaitlistEntry> {
  const { docs } = await req.payload.find({
    collection: 'waitlist-entries',
    where: { id: { equals: id } },
    depth: 0,
    limit: 1,
    pagination: false,
    user,
    overrideAccess: false,
  })
  const doc = docs[0] as WaitlistEntry | undefined
  if (!doc) throw notFound(WAITLIST_MESSAGES.notFound)
  return doc
}

/** The entry as it stands inside the lock (another request may have changed it meanwhile). */
async function currentEntry(req: PayloadRequest, id: number): Promise<WaitlistEntry> {
  const doc = (await req.payload.findByID({
    collection: 'waitlist-entries',
    id,
    depth: 0,
    req,
    disableErrors: true,
    overrideAccess: true,
  })) as WaitlistEntry | null
  if (!doc) throw notFound(WAITLIST_MESSAGES.notFound)
  return doc
}

/**
 * Runs `work` on an entry the caller may act on, inside its class's lock, with the entry as
 * it stands now. First the class is settled (its lapsed offers let go and the freed places
 * offered, committed on their own), so the work sees the line as it truly is, and a refusal
 * does not undo that.
 */
export async function underClassLock<T>(
  req: PayloadRequest,
  user: User,
  entryId: number,
  work: (entry: WaitlistEntry, capacity: number | null, now: Date) => Promise<T>,
): Promise<T> {
  const owned = await findOwnEntry(req, user, entryId)
  const classId = relationId(owned.class)
  await settleClass(req.payload, classId)
  return inTransaction(req, async () => {
    const locked = await lockClass(req, classId)
    if (!locked) throw notFound(WAITLIST_MESSAGES.notFound)
    return work(await currentEntry(req, entryId), locked.capacity, academyNow())
  })
}
