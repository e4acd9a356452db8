import type { Payload, PayloadRequest } from 'payload'

import type { StudioSetting } from '#cms/payload-types'
import { STUDIO_SETTINGS_DEFAULTS, type StudioSettingsDto, type StudioSettingsInput } from './schemas'

/** The stored settings, with the defaults for whatever was never saved (a fresh studio has no row). */
export function toStudioSettingsDto(doc: Partial<StudioSetting>): StudioSettingsDto {
  const d = STUDIO_SETTINGS_DEFAULTS
  return {
    waitlistOfferHours: doc.waitlistOfferHours ?? d.waitlistOfferHours,
    dropNoticeDays: doc.dropNoticeDays ?? d.dropNoticeDays,
    makeupWindowDays: doc.makeupWindowDays ?? d.makeupWindowDays,
    emergencyContactRequired: doc.emergencyContactRequired ?? d.emergencyContactRequired,
  }
}

/** The studio's settings (server code: the waitlist, self-service and the care rule read them too). */
export async function readStudioSettings(payload: Payload, req?: PayloadRequest): Promise<StudioSettingsDto> {
  const doc = (await payload.findGlobal({ slug: 'studio-settings', overrideAccess: true, depth: 0, req })) as Partial<StudioSetting>
  return toStudioSettingsDto(doc)
}

/**
 * PUT /api/admin/studio-settings: replaces the settings as a whole (a body without
 * `emergencyContactRequired` keeps it); the global's access and validation apply too.
 */
export async function saveStudioSettings(req: PayloadRequest, input: StudioSettingsInput): Promise<StudioSettingsDto> {
  const doc = await req.payload.updateGlobal({ slug: 'studio-settings', req, overrideAccess: false, depth: 0, data: input })
  return toStudioSettingsDto(doc)
}
