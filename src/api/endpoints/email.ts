import { requireAdmin } from '../auth'
import { defineEndpoint, readBody } from '../http'
import { checkEmailConfig, sendTestEmail } from '../operations/email-tests'
import { troubleshootEmailSchema } from '../schemas/admin-users'

/** The Email Tests tab (spec §2, decisions §7): admin-only checks of the outgoing mail setup. */
export const emailEndpoints = [
  defineEndpoint('get', '/test-email-config', async (req) => {
    requireAdmin(req)
    return checkEmailConfig()
  }),

  defineEndpoint('post', '/troubleshoot-email', async (req) => {
    requireAdmin(req)
    const { emailAddress } = await readBody(req, troubleshootEmailSchema)
    const { status, body } = await sendTestEmail(req, emailAddress)
    return Response.json(body, { status })
  }),
]
