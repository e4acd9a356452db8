import type { PayloadRequest } from 'payload'

import type { HouseholdEvent, User } from '#cms/payload-types'
import type { HouseholdEventDto } from './schemas'

type Action = HouseholdEvent['action']

/** One entry of a household's audit (decisions §23), in the operation's transaction. */
export async function recordHouseholdEvent(req: PayloadRequest, entry: { household: number; action: Action; actor: User; subject: string }): Promise<void> {
  await req.payload.create({
    collection: 'household-events',
    data: { household: entry.household, action: entry.action, actor: entry.actor.id, actorName: entry.actor.fullName, subject: entry.subject },
    overrideAccess: true,
    depth: 0,
    req,
  })
}

/** A household's audit, newest first: for administrators. */
export async function listHouseholdEvents(req: PayloadRequest, household: number): Promise<HouseholdEventDto[]> {
  const { docs } = await req.payload.find({
    collection: 'household-events',
    where: { household: { equals: household } },
    sort: ['-createdAt', '-id'],
    depth: 0,
    limit: 200,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return (docs as HouseholdEvent[]).map((event) => ({
    id: event.id,
    action: event.action,
    actorName: event.actorName,
    subject: event.subject,
    at: event.createdAt,
  }))
}
