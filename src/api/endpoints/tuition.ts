import { defineEndpoint } from '#api/http'
import { runTuitionMonth } from '#api/operations/tuition-run'
import { readTuitionSettings, saveTuitionSettings } from '#api/operations/tuition-settings'
import { tuitionRunSchema } from '#api/schemas/tuition-run'
import { tuitionSettingsSchema } from '#api/schemas/tuition-settings'

/** Tuition billing (the "tuition that bills itself" issue): administrators only. */
export const tuitionEndpoints = [
  defineEndpoint('get', '/admin/tuition-settings', { role: 'admin' }, async ({ req }) => readTuitionSettings(req.payload, req)),

  defineEndpoint('put', '/admin/tuition-settings', { role: 'admin', body: tuitionSettingsSchema }, async ({ req, body }) => saveTuitionSettings(req, body)),

  /** Bills a month (or, with dryRun, says what it would bill); running it again bills nobody twice. */
  defineEndpoint('post', '/admin/tuition/run', { role: 'admin', body: tuitionRunSchema }, async ({ req, body }) => runTuitionMonth(req, body)),
]
