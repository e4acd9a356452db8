import { defineEndpoint } from '#api/http'
import { checkEmailConfig, readEmailOutbox, sendTestEmail } from './email-tests'
import { troubleshootEmailSchema } from './schemas'

/** The Email Tests tab (spec §2, decisions §7): admin-only checks of the outgoing mail setup. */
export const emailEndpoints = [
  defineEndpoint('get', '/test-email-config', { role: 'admin' }, async () => checkEmailConfig()),

  defineEndpoint('get', '/email-outbox', { role: 'admin' }, async () => readEmailOutbox()),

  defineEndpoint('post', '/troubleshoot-email', { role: 'admin', body: troubleshootEmailSchema }, async ({ req, user, body }) => {
    const { status, body: answer } = await sendTestEmail(req, user, body.emailAddress)
    return Response.json(answer, { status })
  }),
]
