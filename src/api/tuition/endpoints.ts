import { defineEndpoint } from '#api/http'
import { listTuitionRuns } from './billing-calendar'
import { runTuitionMonth } from './tuition-run'
import { csvResponse } from '#api/lib/csv'
import { tuitionSummary, tuitionSummaryCsv } from './tuition-summary'
import { readTuitionSettings, saveTuitionSettings } from '#api/studio'
import { tuitionRunSchema } from './schemas'
import { tuitionSettingsSchema } from '#api/studio/tuition-settings.schemas'
import { tuitionSummaryQuerySchema } from './summary.schemas'

/** Tuition billing (the "tuition that bills itself" issue): administrators only. */
export const tuitionEndpoints = [
  defineEndpoint('get', '/admin/tuition-settings', { role: 'admin' }, async ({ req }) => readTuitionSettings(req.payload, req)),

  defineEndpoint('put', '/admin/tuition-settings', { role: 'admin', body: tuitionSettingsSchema }, async ({ req, body }) => saveTuitionSettings(req, body)),

  /** Bills a month (or, with dryRun, says what it would bill); running it again bills nobody twice. */
  defineEndpoint('post', '/admin/tuition/run', { role: 'admin', body: tuitionRunSchema }, async ({ req, body }) => runTuitionMonth(req, body)),

  /** The month's tuition invoices in figures: created, charged, failed, paid otherwise, outstanding. */
  defineEndpoint('get', '/admin/tuition/summary', { role: 'admin', query: tuitionSummaryQuerySchema }, async ({ req, query }) =>
    tuitionSummary(req, query.month),
  ),

  /** The same month, one row per invoice, for a spreadsheet (formula-safe). */
  defineEndpoint('get', '/admin/tuition/summary.csv', { role: 'admin', query: tuitionSummaryQuerySchema }, async ({ req, query }) =>
    csvResponse(await tuitionSummaryCsv(req, query.month), `tuition-${query.month}.csv`),
  ),

  /** The billing calendar's scheduled runs, one per month, newest first (decisions §13). */
  defineEndpoint('get', '/admin/tuition/runs', { role: 'admin' }, async ({ req }) => listTuitionRuns(req)),
]
