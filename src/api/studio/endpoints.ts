import { defineEndpoint } from '#api/http'
import { readStudioSettings, saveStudioSettings } from './studio-settings'
import { studioSettingsSchema } from './schemas'
import { currentAcademyTimeZone, saveAcademyTimeZone } from './time-zone'
import { academyTimeZoneSchema } from './time-zone.schemas'

/** How the studio runs (the "Running the studio" issue): administrators only. */
export const studioEndpoints = [
  defineEndpoint('get', '/admin/studio-settings', { role: 'admin' }, async ({ req }) => readStudioSettings(req.payload, req)),

  defineEndpoint('put', '/admin/studio-settings', { role: 'admin', body: studioSettingsSchema }, async ({ req, body }) => saveStudioSettings(req, body)),

  // The academy's time zone (decisions §19): the console asks for it until an administrator confirms one.
  defineEndpoint('get', '/admin/studio-settings/time-zone', { role: 'admin' }, async () => currentAcademyTimeZone()),

  defineEndpoint('put', '/admin/studio-settings/time-zone', { role: 'admin', body: academyTimeZoneSchema }, async ({ req, body }) =>
    saveAcademyTimeZone(req, body.timeZone),
  ),
]
