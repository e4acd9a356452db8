import { sessionCookie, toUserDto } from '#api/accounts'
import { defineEndpoint, idParam } from '#api/http'
import { answerBilledTo, readBilledTo, setBilledTo } from './billed-to'
import { listHouseholdEvents } from './events'
import { changeGuardianAccess, changeGuardianAccessByStudio, choosePayer, leaveHousehold, removeGuardian, removeGuardianByStudio } from './guardians'
import { callersHousehold, loadHousehold, pendingInvites, readHousehold, toHouseholdDto } from './household'
import { acceptInvite, previewInvite } from './accept-invite'
import { inviteGuardian, revokeInvite } from './invites'
import { mergeHouseholds, previewMerge } from './merge'
import {
  acceptInviteSchema,
  billedToAnswerSchema,
  billedToSchema,
  guardianAccessSchema,
  invitePreviewSchema,
  inviteInputSchema,
  mergeInputSchema,
  mergePreviewQuerySchema,
  payerSchema,
} from './schemas'
import { householdOf } from '#api/lib/ownership'

/**
 * A household's guardians (decisions §23). Every change is a full guardian's (defineEndpoint
 * refuses a view-and-attendance guardian), but for leaving; no guardian removes or downgrades
 * another full guardian, the studio does (decisions §39); accepting an invitation needs no
 * session (a new guardian makes their account there).
 */
export const householdEndpoints = [
  defineEndpoint('get', '/household', { role: 'family' }, async ({ req, user }) => readHousehold(req, user)),

  defineEndpoint('post', '/household/invites', { role: 'family', body: inviteInputSchema }, async ({ req, user, body }) =>
    Response.json(await inviteGuardian(req, user, body), { status: 201 }),
  ),

  defineEndpoint('delete', '/household/invites/:id', { role: 'family' }, async ({ req, user }) => revokeInvite(req, user, idParam(req))),

  defineEndpoint('patch', '/household/guardians/:id', { role: 'family', body: guardianAccessSchema }, async ({ req, user, body }) =>
    changeGuardianAccess(req, user, idParam(req), body.access),
  ),

  defineEndpoint('delete', '/household/guardians/:id', { role: 'family' }, async ({ req, user }) => removeGuardian(req, user, idParam(req))),

  defineEndpoint('put', '/household/payer', { role: 'family', body: payerSchema }, async ({ req, user, body }) => choosePayer(req, user, body.guardianId)),

  /** Split billing: who each child (or class) is billed to. */
  defineEndpoint('get', '/household/billed-to', { role: 'family' }, async ({ req, user }) => readBilledTo(req, await callersHousehold(req, user))),

  defineEndpoint('put', '/household/billed-to', { role: 'family', body: billedToSchema }, async ({ req, user, body }) =>
    setBilledTo(req, user, householdOf(user), body),
  ),

  /** Decisions §38: the guardian asked to be billed for a child or class accepts, or declines. */
  defineEndpoint('post', '/household/billed-to/accept', { role: 'family', body: billedToAnswerSchema }, async ({ req, user, body }) =>
    answerBilledTo(req, user, body, true),
  ),

  defineEndpoint('post', '/household/billed-to/decline', { role: 'family', body: billedToAnswerSchema }, async ({ req, user, body }) =>
    answerBilledTo(req, user, body, false),
  ),

  defineEndpoint('post', '/household/leave', { role: 'family', viewGuardians: true }, async ({ req, user }) => leaveHousehold(req, user)),

  defineEndpoint('post', '/household-invites/preview', { role: 'public', body: invitePreviewSchema }, async ({ req, body }) => previewInvite(req, body.token)),

  defineEndpoint(
    'post',
    '/household-invites/accept',
    { role: 'public', hashesPassword: true, body: acceptInviteSchema },
    async ({ req, user: signedIn, body }) => {
      const { user, token } = await acceptInvite(req, signedIn, body)
      return Response.json(toUserDto(user), token ? { headers: { 'Set-Cookie': sessionCookie(req, token) } } : undefined)
    },
  ),

  /** Any account's household, its guardians and its audit: `:id` may name any of its guardians. */
  defineEndpoint('get', '/admin/households/:id', { role: 'admin' }, async ({ req }) => {
    const account = await req.payload.findByID({ collection: 'users', id: idParam(req), depth: 0, overrideAccess: true, disableErrors: true, req })
    const household = await loadHousehold(req, account ? householdOf(account) : 0)
    return {
      ...toHouseholdDto(household, await pendingInvites(req, household.id), null),
      events: await listHouseholdEvents(req, household.id),
      billedTo: await readBilledTo(req, household),
    }
  }),

  /** The studio settles what guardians may not do to each other (decisions §39): any guardian removed, any access changed. */
  defineEndpoint('delete', '/admin/households/:id/guardians/:guardianId', { role: 'admin' }, async ({ req, user }) =>
    removeGuardianByStudio(req, user, idParam(req), idParam(req, 'guardianId')),
  ),

  defineEndpoint('patch', '/admin/households/:id/guardians/:guardianId', { role: 'admin', body: guardianAccessSchema }, async ({ req, user, body }) =>
    changeGuardianAccessByStudio(req, user, idParam(req), idParam(req, 'guardianId'), body.access),
  ),

  defineEndpoint('put', '/admin/households/:id/billed-to', { role: 'admin', body: billedToSchema }, async ({ req, user, body }) => {
    const account = await req.payload.findByID({ collection: 'users', id: idParam(req), depth: 0, overrideAccess: true, disableErrors: true, req })
    return setBilledTo(req, user, account ? householdOf(account) : 0, body)
  }),

  /** What merging one household into another would move (any guardian's id names a household). */
  defineEndpoint('get', '/admin/household-merges/preview', { role: 'admin', query: mergePreviewQuerySchema }, async ({ req, query }) =>
    previewMerge(req, query.keep, query.merge),
  ),

  defineEndpoint('post', '/admin/household-merges', { role: 'admin', body: mergeInputSchema }, async ({ req, user, body }) => mergeHouseholds(req, user, body)),
]
