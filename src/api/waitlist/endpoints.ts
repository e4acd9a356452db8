import { defineEndpoint, idParam } from '#api/http'
import { acceptOffer, declineOffer } from './accept-offer'
import { listWaitlistsForAdmin, overrideWaitlist, removeFromWaitlist } from './admin-override'
import { joinWaitlist, leaveWaitlist, listOwnWaitlist } from './queue'
import { adminWaitlistQuerySchema, joinWaitlistSchema, waitlistOverrideSchema, waitlistRemoveSchema } from './schemas'

/** The fair waitlist of full classes (decisions §15): families act on their own students' entries. */
export const waitlistEndpoints = [
  defineEndpoint('get', '/waitlist', { role: 'family' }, async ({ req }) => listOwnWaitlist(req)),

  defineEndpoint('post', '/waitlist', { role: 'family', body: joinWaitlistSchema }, async ({ req, body }) =>
    Response.json(await joinWaitlist(req, body), { status: 201 }),
  ),

  defineEndpoint('delete', '/waitlist/:id', { role: 'family' }, async ({ req }) => leaveWaitlist(req, idParam(req))),

  defineEndpoint('post', '/waitlist/:id/accept', { role: 'family' }, async ({ req }) => acceptOffer(req, idParam(req))),

  defineEndpoint('post', '/waitlist/:id/decline', { role: 'family' }, async ({ req }) => declineOffer(req, idParam(req))),

  defineEndpoint('get', '/admin/waitlist', { role: 'admin', query: adminWaitlistQuerySchema }, async ({ req, query }) =>
    listWaitlistsForAdmin(req, query.classId),
  ),

  /** Out of queue order, only with a reason: recorded on the entry. */
  defineEndpoint('post', '/admin/waitlist/:id/override', { role: 'admin', body: waitlistOverrideSchema }, async ({ req, body }) =>
    overrideWaitlist(req, idParam(req), body),
  ),

  defineEndpoint('post', '/admin/waitlist/:id/remove', { role: 'admin', body: waitlistRemoveSchema }, async ({ req, body }) =>
    removeFromWaitlist(req, idParam(req), body),
  ),
]
