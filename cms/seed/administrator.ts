import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'

import { SEED_ADMINISTRATOR } from '#cms/collections/Users/hooks/refuseReservedUsername'

export type AdministratorOptions = {
  /** ADMIN_PASSWORD: the password given to the account created on a database that has none. */
  password?: string
  /** Without a password: make one up and print it once (demo data), or only say how to create one. */
  generateIfMissing: boolean
  log: (message: string) => void
}

export type AdministratorOutcome = 'exists' | 'created' | 'missing'

/**
 * Every academy needs one account that can sign in to the console, in production as much as in
 * the demo: on a database without an administrator, the `admin` account is created with
 * ADMIN_PASSWORD. An existing administrator is never touched (changing ADMIN_PASSWORD later
 * changes nothing), and without a password a production start only says what to do, so no
 * password is ever written to a production log.
 */
export async function ensureAdministrator(payload: Payload, options: AdministratorOptions): Promise<AdministratorOutcome> {
  const { totalDocs } = await payload.count({
    collection: 'users',
    overrideAccess: true,
    where: { or: [{ username: { equals: 'admin' } }, { isAdmin: { equals: true } }] },
  })
  if (totalDocs > 0) return 'exists'

  if (!options.password && !options.generateIfMissing) {
    options.log('No administrator account exists yet: set ADMIN_PASSWORD and restart to create one (username admin).')
    return 'missing'
  }
  const password = options.password ?? randomBytes(12).toString('base64url')
  try {
    await payload.create({
      collection: 'users',
      overrideAccess: true,
      // The one account allowed the reserved name (cms/collections/Users/hooks/refuseReservedUsername.ts).
      context: { [SEED_ADMINISTRATOR]: true },
      data: { username: 'admin', email: 'admin@academy.local', fullName: 'Academy Administrator', password, isAdmin: true, isActive: true },
    })
  } catch (error) {
    throw new Error(`The admin account could not be created: ${(error as Error).message}`, { cause: error })
  }
  if (options.password) options.log('Created the admin account (username admin, password from ADMIN_PASSWORD).')
  else options.log(`Created the admin account. Username: admin  Password: ${password}  (shown once; set ADMIN_PASSWORD to choose it)`)
  return 'created'
}
