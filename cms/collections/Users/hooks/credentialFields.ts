/** The credential fields an operation's `data` carries, as sent (still unchecked). */
export type CredentialFields = { email?: unknown; username?: unknown; password?: unknown }

/**
 * Reads them from a beforeOperation hook's `args`, which Payload types as a union of every
 * operation's arguments with nothing to narrow on: undefined when the operation carries no data.
 */
export function credentialFieldsOf(args: object): CredentialFields | undefined {
  if (!('data' in args) || typeof args.data !== 'object' || args.data === null) return undefined
  const data: object = args.data
  return { email: Reflect.get(data, 'email'), username: Reflect.get(data, 'username'), password: Reflect.get(data, 'password') }
}
