import { z } from 'zod'

/**
 * The waitlist of a full class (decisions §15): first come, first offered. Shared by the
 * server, the portal and the admin console.
 */

import { recordIdSchema } from '#api/lib/id.schemas'
import { WAITLIST_OVERRIDE_ACTIONS, type WaitlistOverrideAction, type WaitlistStatus } from '#shared/statuses'

export { ACTIVE_WAITLIST_STATUSES, WAITLIST_OVERRIDE_ACTIONS, WAITLIST_STATUSES, type WaitlistOverrideAction, type WaitlistStatus } from '#shared/statuses'

export const WAITLIST_LIMITS = { maxReason: 500 } as const

export const WAITLIST_MESSAGES = {
  studentRequired: 'Please select a student',
  classRequired: 'Please select a class',
  notFound: 'Waitlist entry not found',
  classNotFound: 'Class not found',
  classHasRoom: 'This class has free places: enroll instead of joining the waitlist.',
  alreadyWaiting: 'This student is already on the waitlist for this class.',
  notOffered: 'There is no open offer on this waitlist entry.',
  offerExpired: 'This offer has expired.',
  notActive: 'This waitlist entry is no longer active.',
  alreadyOffered: 'This family already has an offer for this class.',
  reasonRequired: 'Please give a reason (at most 500 characters)',
  actionInvalid: 'Action must be "offer" or "enroll"',
  classIdRequired: 'Please choose a class',
} as const

const id = recordIdSchema

/** POST /api/waitlist: a family puts its own student in line for a full class. */
export const joinWaitlistSchema = z.object({
  studentId: id(WAITLIST_MESSAGES.studentRequired),
  classId: id(WAITLIST_MESSAGES.classRequired),
})
export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>

const reason = z
  .string({ error: WAITLIST_MESSAGES.reasonRequired })
  .trim()
  .min(1, WAITLIST_MESSAGES.reasonRequired)
  .max(WAITLIST_LIMITS.maxReason, WAITLIST_MESSAGES.reasonRequired)

/** POST /api/admin/waitlist/{id}/override: out of queue order, only with a reason. */
export const waitlistOverrideSchema = z.object({
  action: z.enum(WAITLIST_OVERRIDE_ACTIONS, { error: WAITLIST_MESSAGES.actionInvalid }),
  reason,
})
export type WaitlistOverrideInput = z.infer<typeof waitlistOverrideSchema>

/** POST /api/admin/waitlist/{id}/remove: takes an entry out of line, only with a reason. */
export const waitlistRemoveSchema = z.object({ reason })
export type WaitlistRemoveInput = z.infer<typeof waitlistRemoveSchema>

/** GET /api/admin/waitlist[?classId=]: one class's waitlist, or every class that has one. */
export const adminWaitlistQuerySchema = z.object({
  classId: recordIdSchema(WAITLIST_MESSAGES.classIdRequired, { fromText: true }).optional(),
})

/** One entry as its family sees it. `position` is 1 for the first waiting family, null unless waiting. */
export type WaitlistEntryDto = {
  id: number
  studentId: number
  studentName: string
  classId: number
  className: string
  status: WaitlistStatus
  position: number | null
  joinedAt: string
  offeredAt: string | null
  offerExpiresAt: string | null
}

/** What an administrator sees besides: the family and every override or removal, with who and why. */
export type AdminWaitlistEntryDto = WaitlistEntryDto & {
  familyName: string
  familyEmail: string
  overrideAction: WaitlistOverrideAction | null
  overrideReason: string | null
  overrideBy: string | null
  overrideAt: string | null
  removalReason: string | null
  removedBy: string | null
  removedAt: string | null
}

export type AdminWaitlistDto = {
  classId: number
  className: string
  capacity: number | null
  enrolled: number
  held: number
  entries: AdminWaitlistEntryDto[]
}
