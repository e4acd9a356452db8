import { z } from 'zod'

import { AUTH_MESSAGES, emailSchema, phoneSchema } from './auth.schemas'
import { newPasswordSchema } from './password.schemas'

export const ACCOUNT_MESSAGES = {
  resetRequested: 'If an account exists for that email, we have sent a link to reset the password.',
  resetLinkMissing: 'Invalid reset link. Please request a new password reset.',
  resetTokenFormat: 'Invalid reset token format. Please request a new password reset.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new password reset.',
  passwordReset: 'Password has been reset successfully',
  fullNameTooShort: 'Full name must be at least 2 characters',
  profileEmailInvalid: 'Please enter a valid email address',
  passwordFieldsMissing: 'Please fill in all password fields.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordUpdated: 'Password updated successfully',
  currentPasswordForEmail: 'Please enter your current password to change your email',
} as const

/** Forgot password (spec §5): email required and valid. */
export const requestPasswordResetSchema = z.object({
  email: emailSchema({ required: AUTH_MESSAGES.emailRequired, invalid: AUTH_MESSAGES.emailInvalid }),
})
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetSchema>

/** The answer of POST /api/request-password-reset; `resetLink` and `email` only in demo mode. */
export type PasswordResetRequestedDto = { message: string; resetLink?: string; email?: string }

export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/

/**
 * A link read back repairs a quoted-printable `token=3D…` (the mail's escape for `=`), so a
 * token that itself begins with `3D`/`3d` would lose those two characters on the way. The server
 * never issues such a token (about one in 2,000 random ones would).
 */
export function resetTokenSurvivesLinkRepair(token: string): boolean {
  return !/^3d/i.test(token)
}

/**
 * Undoes what mail clients do to a link (spec §5): quoted-printable artefacts ('=3D' for '=',
 * soft line breaks), '\xHH' escapes, whitespace and URI encoding.
 */
export function cleanResetToken(raw: string): string {
  let token = raw
    .replace(/=\r?\n/g, '')
    .replace(/=3D/gi, '=')
    .replace(/\\x([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\s+/g, '')
  try {
    token = decodeURIComponent(token)
  } catch {
    // a stray '%' is not an encoding: leave the token as it is, the format check decides
  }
  return token.replace(/\s+/g, '')
}

/** Reset password (spec §5): the token as the link carried it, and a new password. */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: ACCOUNT_MESSAGES.resetLinkMissing })
    .max(2000, ACCOUNT_MESSAGES.resetTokenFormat)
    .transform(cleanResetToken)
    .pipe(z.string().min(1, ACCOUNT_MESSAGES.resetLinkMissing).regex(RESET_TOKEN_PATTERN, ACCOUNT_MESSAGES.resetTokenFormat)),
  newPassword: newPasswordSchema,
})
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>

/** Profile (spec §5). A PATCH: a field that is absent stays as it is; phone null or '' clears it. */
export const profileSchema = z.object({
  fullName: z
    .string({ error: ACCOUNT_MESSAGES.fullNameTooShort })
    .trim()
    .min(2, ACCOUNT_MESSAGES.fullNameTooShort)
    .max(120, AUTH_MESSAGES.fullNameTooLong)
    .optional(),
  email: emailSchema({ required: AUTH_MESSAGES.emailRequired, invalid: ACCOUNT_MESSAGES.profileEmailInvalid }).optional(),
  phone: phoneSchema.optional(),
  /** Required when `email` changes (issue 10): a session left open must not hand over the account. */
  currentPassword: z.string({ error: ACCOUNT_MESSAGES.currentPasswordForEmail }).max(1024).optional(),
})
export type ProfileInput = z.infer<typeof profileSchema>

/** Password change (spec §5; decisions §3): the current password and a new one under the usual rules. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: ACCOUNT_MESSAGES.passwordFieldsMissing }).min(1, ACCOUNT_MESSAGES.passwordFieldsMissing).max(1024),
  newPassword: z.string({ error: ACCOUNT_MESSAGES.passwordFieldsMissing }).min(1, ACCOUNT_MESSAGES.passwordFieldsMissing).pipe(newPasswordSchema),
})
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>

export const NOTIFICATION_SETTINGS = ['emailNotifications', 'smsNotifications', 'classReminders', 'promotionalEmails'] as const
export type NotificationSetting = (typeof NOTIFICATION_SETTINGS)[number]

/** The spec's defaults (§3, §9), applied when a family first reads its preferences. */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationSetting, boolean> = {
  emailNotifications: true,
  smsNotifications: false,
  classReminders: true,
  promotionalEmails: true,
}

const setting = (name: NotificationSetting) => z.boolean({ error: `${name} must be true or false` }).optional()

/** PATCH /api/notification-preferences: the four booleans; id, userId and updatedAt are stripped (spec §5). */
export const notificationPreferencesSchema = z.object({
  emailNotifications: setting('emailNotifications'),
  smsNotifications: setting('smsNotifications'),
  classReminders: setting('classReminders'),
  promotionalEmails: setting('promotionalEmails'),
})
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>

export type NotificationPreferencesDto = { id: number; userId: number; updatedAt: string } & Record<NotificationSetting, boolean>
