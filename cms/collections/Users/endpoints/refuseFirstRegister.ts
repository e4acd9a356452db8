import type { Endpoint } from 'payload'

export const FIRST_REGISTER_MESSAGE = 'The first administrator is created at start-up from ADMIN_PASSWORD.'

/**
 * Replaces Payload's POST /cms-api/users/first-register, which on a database without accounts
 * lets anyone create one with any fields (isAdmin included). The first administrator comes
 * from the seed instead (cms/seed/administrator.ts, docs/operations.md); collection endpoints
 * are matched before Payload's own, so this one answers.
 */
export const refuseFirstRegister: Endpoint = {
  path: '/first-register',
  method: 'post',
  handler: () => Response.json({ message: FIRST_REGISTER_MESSAGE, errors: [{ message: FIRST_REGISTER_MESSAGE }] }, { status: 403 }),
}
