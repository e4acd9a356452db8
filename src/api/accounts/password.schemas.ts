import { z } from 'zod'

/**
 * Password rules of decisions §3, shared by every form and by the users collection. The
 * "not one of the 1,000 most common passwords" rule needs a 380 kB dictionary, so it is
 * checked on the server only (src/api/accounts/password-policy.ts); its message lives here
 * so that forms can recognise it.
 */
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 128
export const PASSWORD_REQUIRED = 'Password is required'
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters'
export const PASSWORD_TOO_LONG = 'Password must be at most 128 characters'
export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose another.'

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return PASSWORD_TOO_SHORT
  if (password.length > PASSWORD_MAX) return PASSWORD_TOO_LONG
  return null
}

/** A password being set (registration, reset, change): the length rules with the spec's messages. */
export const newPasswordSchema = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX, PASSWORD_TOO_LONG)
