import { z } from 'zod'

import { PASSWORD_MAX, PASSWORD_REQUIRED, PASSWORD_TOO_SHORT, PASSWORD_MIN, newPasswordSchema } from './password.schemas'

export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be at most 50 characters',
  // '@' would make a username indistinguishable from an email at login (decisions §3).
  usernameCharacters: 'Username may only contain letters, numbers, dots, hyphens and underscores',
  fullNameRequired: 'Full name is required',
  fullNameTooLong: 'Full name must be at most 120 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  phoneTooLong: 'Phone number must be at most 40 characters',
  usernameTaken: 'That username is already taken.',
  emailTaken: 'An account with that email already exists.',
} as const

export const USERNAME_MIN = 3
export const USERNAME_MAX = 50

/** Login (spec §5). The username field also accepts the account's email (decisions §3). */
export const loginSchema = z.object({
  username: z
    .string({ error: AUTH_MESSAGES.usernameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.usernameRequired)
    .min(USERNAME_MIN, AUTH_MESSAGES.usernameTooShort)
    .max(254),
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(PASSWORD_MAX),
})
export type LoginInput = z.infer<typeof loginSchema>

export const LOGIN_FAILED = 'Invalid username or password'

/** An email address, trimmed and lower-cased as it is stored (emails are unique case-insensitively). */
export function emailSchema(messages: { required: string; invalid: string }) {
  return z.string({ error: messages.required }).trim().toLowerCase().min(1, messages.required).max(254, messages.invalid).pipe(z.email(messages.invalid))
}

/** An optional phone number; an empty one is stored as none. */
export const phoneSchema = z
  .string({ error: 'Phone number must be text' })
  .trim()
  .max(40, AUTH_MESSAGES.phoneTooLong)
  .nullish()
  .transform((phone) => (phone ? phone : null))

export const usernameSchema = z
  .string({ error: AUTH_MESSAGES.usernameRequired })
  .trim()
  .toLowerCase()
  .min(1, AUTH_MESSAGES.usernameRequired)
  .min(USERNAME_MIN, AUTH_MESSAGES.usernameTooShort)
  .max(USERNAME_MAX, AUTH_MESSAGES.usernameTooLong)
  .regex(/^[a-z0-9._-]+$/, AUTH_MESSAGES.usernameCharacters)

/**
 * Registration (spec §5). The form's confirmPassword is checked in the browser and not sent;
 * isAdmin/isActive are not part of the schema, so a registrant can never set them.
 */
export const registerSchema = z.object({
  fullName: z.string({ error: AUTH_MESSAGES.fullNameRequired }).trim().min(1, AUTH_MESSAGES.fullNameRequired).max(120, AUTH_MESSAGES.fullNameTooLong),
  email: emailSchema({ required: AUTH_MESSAGES.emailRequired, invalid: AUTH_MESSAGES.emailInvalid }),
  username: usernameSchema,
  password: newPasswordSchema,
  phone: phoneSchema,
})
export type RegisterInput = z.infer<typeof registerSchema>

/** What the contract returns for an account: never a hash, salt, token or attempt counter. */
export type UserDto = {
  id: number
  username: string
  fullName: string
  email: string
  phone: string | null
  isActive: boolean
  isAdmin: boolean
  isTeacher: boolean
  createdAt: string
  /** The household's account (decisions §23): the account's own id for a household of one. */
  householdId: number
  /** `view`: a view-and-attendance guardian, who may not enroll, drop or pay. */
  guardianAccess: 'full' | 'view'
  /** Present when the mail server refused the address for good (issue 25), until the email changes. */
  emailBounce?: { at: string; answer: string }
}
