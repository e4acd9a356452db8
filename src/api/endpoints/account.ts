import { requireUser } from '../auth'
import { defineEndpoint, readBody } from '../http'
import { getOwnNotificationPreferences, toNotificationPreferencesDto, updateOwnNotificationPreferences } from '../operations/notification-preferences'
import { requestPasswordReset, resetPassword } from '../operations/password-reset'
import { changePassword, updateProfile } from '../operations/profile'
import { registerAccount } from '../operations/register'
import { sessionCookie } from '../operations/session'
import { toUserDto } from '../operations/users'
import {
  changePasswordSchema,
  notificationPreferencesSchema,
  profileSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from '../schemas/account'
import { registerSchema } from '../schemas/auth'

/** Registration, password reset, profile, password and notification settings (spec §7). */
export const accountEndpoints = [
  defineEndpoint('post', '/register', async (req) => {
    const input = await readBody(req, registerSchema)
    const { user, token } = await registerAccount(req, input)
    return Response.json(toUserDto(user), { status: 201, headers: { 'Set-Cookie': sessionCookie(req, token) } })
  }),

  defineEndpoint('post', '/request-password-reset', async (req) => requestPasswordReset(req, await readBody(req, requestPasswordResetSchema))),

  defineEndpoint('post', '/reset-password', async (req) => resetPassword(req, await readBody(req, resetPasswordSchema))),

  // Signed-in calls answer 401 before looking at the body.
  defineEndpoint('patch', '/user/profile', async (req) => {
    requireUser(req)
    return toUserDto(await updateProfile(req, await readBody(req, profileSchema)))
  }),

  defineEndpoint('patch', '/user/password', async (req) => {
    requireUser(req)
    return changePassword(req, await readBody(req, changePasswordSchema))
  }),

  defineEndpoint('get', '/notification-preferences', async (req) => toNotificationPreferencesDto(await getOwnNotificationPreferences(req))),

  defineEndpoint('patch', '/notification-preferences', async (req) => {
    requireUser(req)
    return toNotificationPreferencesDto(await updateOwnNotificationPreferences(req, await readBody(req, notificationPreferencesSchema)))
  }),
]
