import { defineEndpoint } from '#api/http'
import { readTuitionSettings, saveTuitionSettings } from '#api/operations/tuition-settings'
import { tuitionSettingsSchema } from '#api/schemas/tuition-settings'

/** Tuition billing (the "tuition that bills itself" issue): administrators only. */
export const tuitionEndpoints = [
  defineEndpoint('get', '/admin/tuition-settings', { role: 'admin' }, async ({ req }) => readTuitionSettings(req.payload, req)),

  defineEndpoint('put', '/admin/tuition-settings', { role: 'admin', body: tuitionSettingsSchema }, async ({ req, body }) => saveTuitionSettings(req, body)),
]
