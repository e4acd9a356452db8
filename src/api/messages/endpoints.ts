import { defineEndpoint, idParam } from '#api/http'
import { listInbox, markRead, replyToMessage, unreadCount } from './inbox'
import { listMessages, messageWithRecipients, toMessageDto } from './lists'
import { readCategoryPreferences, updateOwnCategoryPreferences } from './preferences'
import { cancelMessage, createMessage, previewAudience } from './send'
import {
  categoryPreferencesSchema,
  inboxQuerySchema,
  previewInputSchema,
  replyInputSchema,
  sendInputSchema,
  teacherMessageSchema,
  unsubscribeQuerySchema,
} from './schemas'
import { sendClassMessage, undoCancelToday } from './teach'
import { unsubscribe, unsubscribeConfirmPage } from './unsubscribe'

/** Messages to families (issue 25): the studio sends, a teacher writes to their classes, a family reads and replies. */
export const messageEndpoints = [
  defineEndpoint('post', '/admin/messages/preview', { role: 'admin', body: previewInputSchema }, async ({ req, body }) => previewAudience(req, body)),

  defineEndpoint('post', '/admin/messages', { role: 'admin', body: sendInputSchema }, async ({ req, user, body }) =>
    Response.json(toMessageDto(await createMessage(req, user, body)), { status: 201 }),
  ),

  defineEndpoint('get', '/admin/messages', { role: 'admin' }, async ({ req, user }) => listMessages(req, user)),

  defineEndpoint('get', '/admin/messages/:id', { role: 'admin' }, async ({ req, user }) => messageWithRecipients(req, user, idParam(req))),

  defineEndpoint('post', '/admin/messages/:id/cancel', { role: 'admin' }, async ({ req }) => toMessageDto(await cancelMessage(req, idParam(req)))),

  defineEndpoint('post', '/teach/classes/:id/messages', { role: 'teacher', body: teacherMessageSchema }, async ({ req, user, body }) =>
    Response.json(await sendClassMessage(req, user, idParam(req), body), { status: 201 }),
  ),

  defineEndpoint('delete', '/teach/classes/:id/cancellation', { role: 'teacher' }, async ({ req, user }) => undoCancelToday(req, user, idParam(req))),

  defineEndpoint('get', '/messages', { role: 'family', query: inboxQuerySchema }, async ({ req, user, query }) => listInbox(req, user, query)),

  defineEndpoint('get', '/messages/unread-count', { role: 'family' }, async ({ req, user }) => unreadCount(req, user)),

  defineEndpoint('post', '/messages/:id/read', { role: 'family', viewGuardians: true }, async ({ req, user }) => markRead(req, user, idParam(req))),

  defineEndpoint('post', '/messages/:id/reply', { role: 'family', viewGuardians: true, body: replyInputSchema }, async ({ req, user, body }) =>
    Response.json(await replyToMessage(req, user, idParam(req), body.message), { status: 201 }),
  ),

  defineEndpoint('get', '/messages/preferences', { role: 'family' }, async ({ req, user }) => readCategoryPreferences(req, user.id)),

  defineEndpoint('patch', '/messages/preferences', { role: 'family', viewGuardians: true, body: categoryPreferencesSchema }, async ({ req, user, body }) =>
    updateOwnCategoryPreferences(req, user, body),
  ),

  // No session: the signed token is the key (RFC 8058). GET asks, POST (the one click) changes that category only.
  defineEndpoint('get', '/messages/unsubscribe', { role: 'public', query: unsubscribeQuerySchema }, async ({ req, query }) =>
    unsubscribeConfirmPage(req, query.token),
  ),

  defineEndpoint('post', '/messages/unsubscribe', { role: 'public', query: unsubscribeQuerySchema }, async ({ req, query }) => unsubscribe(req, query.token)),
]
