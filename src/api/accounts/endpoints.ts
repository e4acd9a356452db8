import { defineEndpoint } from '#api/http'
import { getOwnNotificationPreferences, toNotificationPreferencesDto, updateOwnNotificationPreferences } from './notification-preferences'
import { requestPasswordReset, resetPassword } from './password-reset'
import { changePassword, updateProfile } from './profile'
import { registerAccount } from './register'
import { sessionCookie } from './session'
import { toUserDto } from './users'
import { changePasswordSchema, notificationPreferencesSchema, profileSchema, requestPasswordResetSchema, resetPasswordSchema } from './schemas'
import { registerSchema } from './auth.schemas'

/** Registration, password reset, profile, password and notification settings (spec §7). */
export const accountEndpoints = [
  defineEndpoint('post', '/register', { role: 'public', hashesPassword: true, body: registerSchema }, async ({ req, body }) => {
    const { user, token } = await registerAccount(req, body)
    return Response.json(toUserDto(user), { status: 201, headers: { 'Set-Cookie': sessionCookie(req, token) } })
  }),

  defineEndpoint('post', '/request-password-reset', { role: 'public', body: requestPasswordResetSchema }, async ({ req, body }) =>
    requestPasswordReset(req, body),
  ),

  defineEndpoint('post', '/reset-password', { role: 'public', hashesPassword: true, body: resetPasswordSchema }, async ({ req, body }) =>
    resetPassword(req, body),
  ),

  defineEndpoint('patch', '/user/profile', { role: 'family', viewGuardians: true, hashesPassword: true, body: profileSchema }, async ({ req, user, body }) =>
    toUserDto(await updateProfile(req, user, body)),
  ),

  defineEndpoint(
    'patch',
    '/user/password',
    { role: 'family', viewGuardians: true, hashesPassword: true, body: changePasswordSchema },
    async ({ req, user, body }) => changePassword(req, user, body),
  ),

  defineEndpoint('get', '/notification-preferences', { role: 'family', signedInReplay: {} }, async ({ req, user }) =>
    toNotificationPreferencesDto(await getOwnNotificationPreferences(req, user)),
  ),

  defineEndpoint(
    'patch',
    '/notification-preferences',
    { role: 'family', viewGuardians: true, body: notificationPreferencesSchema },
    async ({ req, user, body }) => toNotificationPreferencesDto(await updateOwnNotificationPreferences(req, user, body)),
  ),
]
