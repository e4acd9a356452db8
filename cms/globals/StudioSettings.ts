import type { GlobalAfterChangeHook, GlobalConfig, PayloadRequest } from 'payload'

import type { StudioSetting } from '#cms/payload-types'
import { isAdmin } from '#cms/access/isAdmin'
import { STUDIO_SETTINGS_DEFAULTS, STUDIO_SETTINGS_LIMITS, STUDIO_SETTINGS_MESSAGES } from '#api/studio/schemas'
import { canonicalTimeZone, TIME_ZONE_MESSAGES } from '#api/studio/time-zone.schemas'
import { timeZoneSaved } from '#api/studio'

const wholeBetween = (limits: { min: number; max: number }, message: string) => (value: unknown) =>
  value == null || (typeof value === 'number' && Number.isSafeInteger(value) && value >= limits.min && value <= limits.max) ? true : message

/**
 * The academy's days and times follow the saved zone at once, in every process (decisions §19).
 * Payload's global hooks type the document as any, so the parameter names the generated type.
 */
const followSavedTimeZone: GlobalAfterChangeHook = ({ doc, req }: { doc: StudioSetting; req: PayloadRequest }) => timeZoneSaved(req, doc.timeZone)

/**
 * How the studio runs day to day: one row, edited by administrators in /cms or through
 * PUT /api/admin/studio-settings. The waitlist reads the offer hours; self-service reads the
 * drop notice and the makeup window; enrolling and accepting an offer read the emergency-contact
 * rule (off on a fresh install: the specification's flow asks for no contact, decisions §37).
 */
export const StudioSettings: GlobalConfig = {
  slug: 'studio-settings',
  label: 'Studio settings',
  admin: {
    group: 'Studio',
    description:
      'How the studio runs: its time zone, waitlist offers, notice for dropping a class, makeup classes, and whether a first class needs an emergency contact.',
  },
  access: { read: isAdmin, update: isAdmin },
  hooks: { afterChange: [followSavedTimeZone] },
  fields: [
    {
      name: 'timeZone',
      label: "Academy's time zone",
      type: 'text',
      maxLength: 64,
      admin: {
        description:
          'An IANA name such as America/New_York. Every day the academy records (enrollments, attendance, due dates, the billing calendar) and every time in its emails is counted in it. Days already recorded keep their dates.',
      },
      // Stored in its canonical spelling ('america/new_york' → 'America/New_York').
      hooks: { beforeValidate: [({ value }) => (typeof value === 'string' && value.trim() ? (canonicalTimeZone(value) ?? value.trim()) : null)] },
      validate: (value: unknown) =>
        value == null || value === '' || (typeof value === 'string' && canonicalTimeZone(value)) ? true : TIME_ZONE_MESSAGES.unknown(String(value)),
    },
    {
      name: 'waitlistOfferHours',
      label: 'Waitlist offer holds a place for (hours)',
      type: 'number',
      required: true,
      defaultValue: STUDIO_SETTINGS_DEFAULTS.waitlistOfferHours,
      admin: { step: 1, description: '1–336 (two weeks). After this the place is offered to the next family.' },
      validate: wholeBetween(STUDIO_SETTINGS_LIMITS.waitlistOfferHours, STUDIO_SETTINGS_MESSAGES.waitlistOfferHours),
    },
    {
      name: 'dropNoticeDays',
      label: 'Notice for dropping a class (days)',
      type: 'number',
      required: true,
      defaultValue: STUDIO_SETTINGS_DEFAULTS.dropNoticeDays,
      admin: { step: 1, description: '0–60. 0: a drop takes effect the same day.' },
      validate: wholeBetween(STUDIO_SETTINGS_LIMITS.dropNoticeDays, STUDIO_SETTINGS_MESSAGES.dropNoticeDays),
    },
    {
      name: 'makeupWindowDays',
      label: 'Makeup window (days)',
      type: 'number',
      required: true,
      defaultValue: STUDIO_SETTINGS_DEFAULTS.makeupWindowDays,
      admin: { step: 1, description: '0–180. How long after a missed class it may be made up. 0: no makeups.' },
      validate: wholeBetween(STUDIO_SETTINGS_LIMITS.makeupWindowDays, STUDIO_SETTINGS_MESSAGES.makeupWindowDays),
    },
    {
      name: 'emergencyContactRequired',
      label: "Ask for an emergency contact before a child's first class",
      type: 'checkbox',
      defaultValue: STUDIO_SETTINGS_DEFAULTS.emergencyContactRequired,
      admin: {
        description:
          'When ticked, a family cannot enroll a child in a first class, or accept a waitlist offer for one, until the child has an emergency contact. The office may still enroll and ask after. Off on a fresh install.',
      },
    },
  ],
}
