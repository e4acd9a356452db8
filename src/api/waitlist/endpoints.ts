import { defineEndpoint, idParam } from '#api/http'
import { acceptOffer, declineOffer } from './accept-offer'
import { listWaitlistsForAdmin, overrideWaitlist, removeFromWaitlist } from './admin-override'
import { joinWaitlist, leaveWaitlist, listOwnWaitlist } from './queue'
import { adminWaitlistQuerySchema, joinWaitlistSchema, waitlistOverrideSchema, waitlistRemoveSchema } from './schemas'

/** The fair waitlist of full classes (decisions §15): families act on their own students' entries. */
export const waitlistEndpoints = [
  defineEndpoint('get', '/waitlist', { role: 'family', signedInReplay: {} }, async ({ req, user }) => listOwnWaitlist(req, user)),

  defineEndpoint('post', '/waitlist', { role: 'family', body: joinWaitlistSchema }, async ({ req, user, body }) =>
    Response.json(await joinWaitlist(req, user, body), { status: 201 }),
  ),

  defineEndpoint('delete', '/waitlist/:id', { role: 'family' }, async ({ req, user }) => leaveWaitlist(req, user, idParam(req))),

  defineEndpoint('post', '/waitlist/:id/accept', { role: 'family' }, async ({ req, user }) => acceptOffer(req, user, idParam(req))),

  defineEndpoint('post', '/waitlist/:id/decline', { role: 'family' }, async ({ req, user }) => declineOffer(req, user, idParam(req))),

  defineEndpoint('get', '/admin/waitlist', { role: 'admin', query: adminWaitlistQuerySchema }, async ({ req, query }) =>
    listWaitlistsForAdmin(req, query.classId),
  ),

  /** Out of queue order, only with a reason: recorded on the entry. */
  defineEndpoint('post', '/admin/waitlist/:id/override', { role: 'admin', body: waitlistOverrideSchema }, async ({ req, user, body }) =>
    overrideWaitlist(req, user, idParam(req), body),
  ),

  defineEndpoint('post', '/admin/waitlist/:id/remove', { role: 'admin', body: waitlistRemoveSchema }, async ({ req, user, body }) =>
    removeFromWaitlist(req, user, idParam(req), body),
  ),
]
