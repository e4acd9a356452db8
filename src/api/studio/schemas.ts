import { z } from 'zod'

/**
 * How the studio runs day to day (the `studio-settings` global): how long a waitlist offer is
 * held, how much notice a family gives to drop a class, how long a missed class may be made up
 * (whole numbers), and whether a child's first class needs an emergency contact (a rule stricter
 * than the specification: off on a fresh install, decisions §37). Shared by the server and any form.
 */

export const STUDIO_SETTINGS_LIMITS = {
  waitlistOfferHours: { min: 1, max: 336 },
  dropNoticeDays: { min: 0, max: 60 },
  makeupWindowDays: { min: 0, max: 180 },
} as const

export const STUDIO_SETTINGS_MESSAGES = {
  waitlistOfferHours: 'Waitlist offer hours must be a whole number from 1 to 336',
  dropNoticeDays: 'Drop notice days must be a whole number from 0 to 60',
  makeupWindowDays: 'Makeup window days must be a whole number from 0 to 180',
  emergencyContactRequired: 'Say whether a first class needs an emergency contact (true or false)',
} as const

/** What a fresh studio runs with until an administrator says otherwise. */
export const STUDIO_SETTINGS_DEFAULTS = {
  waitlistOfferHours: 48,
  dropNoticeDays: 7,
  makeupWindowDays: 30,
  // Stricter than the specification, so off until the studio turns it on (decisions §37).
  emergencyContactRequired: false,
} as const satisfies StudioSettingsDto

const whole = (limits: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(limits.min, message).max(limits.max, message)

/**
 * PUT /api/admin/studio-settings (admin): the whole settings, as GET gives them. The emergency
 * contact switch came later: a body without it (an older caller) leaves it as it is.
 */
export const studioSettingsSchema = z.object({
  waitlistOfferHours: whole(STUDIO_SETTINGS_LIMITS.waitlistOfferHours, STUDIO_SETTINGS_MESSAGES.waitlistOfferHours),
  dropNoticeDays: whole(STUDIO_SETTINGS_LIMITS.dropNoticeDays, STUDIO_SETTINGS_MESSAGES.dropNoticeDays),
  makeupWindowDays: whole(STUDIO_SETTINGS_LIMITS.makeupWindowDays, STUDIO_SETTINGS_MESSAGES.makeupWindowDays),
  emergencyContactRequired: z.boolean({ error: STUDIO_SETTINGS_MESSAGES.emergencyContactRequired }).optional(),
})
export type StudioSettingsInput = z.infer<typeof studioSettingsSchema>

/** The settings as GET and PUT /api/admin/studio-settings answer them. */
export type StudioSettingsDto = {
  waitlistOfferHours: number
  dropNoticeDays: number
  makeupWindowDays: number
  /** A family gives an emergency contact before a child's first class (the office is exempt). */
  emergencyContactRequired: boolean
}
