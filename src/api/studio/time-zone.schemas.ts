import { z } from 'zod'

import { isTimeZone } from '#shared/dates'

/**
 * The academy's time zone (the studio settings' `timeZone`, decisions §19): an IANA name such as
 * America/New_York, checked against the zones the runtime knows (Intl). Shared by the server,
 * /cms's field check and the console's prompt.
 */

const MAX_LENGTH = 64

export const TIME_ZONE_MESSAGES = {
  required: "Choose the academy's time zone",
  unknown: (name: string) => `Unknown time zone "${name.slice(0, MAX_LENGTH)}": choose an IANA time zone such as America/New_York`,
} as const

/**
 * An IANA zone name the runtime knows, in its canonical spelling ('america/new_york' →
 * 'America/New_York'), or null. Offsets such as '+05:00' are not names of a place and are refused.
 */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim()
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(trimmed) || trimmed.length > MAX_LENGTH || !isTimeZone(trimmed)) return null
  return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone
}

/** PUT /api/admin/studio-settings/time-zone (admin): confirms or changes the academy's zone. */
export const academyTimeZoneSchema = z.object({
  timeZone: z
    .string({ error: TIME_ZONE_MESSAGES.required })
    .trim()
    .min(1, TIME_ZONE_MESSAGES.required)
    .transform((name, ctx) => {
      const zone = canonicalTimeZone(name)
      if (zone) return zone
      ctx.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGES.unknown(name) })
      return z.NEVER
    }),
})
export type AcademyTimeZoneInput = z.input<typeof academyTimeZoneSchema>

/** GET and PUT /api/admin/studio-settings/time-zone. */
export type AcademyTimeZoneDto = {
  /** The zone the academy's days and times are counted in; null: UTC. */
  timeZone: string | null
  /** Whether an administrator has chosen it (the studio settings hold it); until then the console asks. */
  confirmed: boolean
  /** Where `timeZone` comes from: the studio settings, ACADEMY_TIMEZONE (the initial value), or neither (UTC). */
  source: 'settings' | 'environment' | 'default'
}
