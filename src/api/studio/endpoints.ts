import { defineEndpoint } from '#api/http'
import { readStudioSettings, saveStudioSettings } from './studio-settings'
import { studioSettingsSchema } from './schemas'

/** How the studio runs (the "Running the studio" issue): administrators only. */
export const studioEndpoints = [
  defineEndpoint('get', '/admin/studio-settings', { role: 'admin' }, async ({ req }) => readStudioSettings(req.payload, req)),

  defineEndpoint('put', '/admin/studio-settings', { role: 'admin', body: studioSettingsSchema }, async ({ req, body }) => saveStudioSettings(req, body)),
]
