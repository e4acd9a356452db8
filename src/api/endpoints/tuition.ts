import { defineEndpoint } from '#api/http'
import { listTuitionRuns } from '#api/operations/billing-calendar'
import { csvResponse } from '#api/operations/csv'
import { runTuitionMonth } from '#api/operations/tuition-run'
import { tuitionSummary, tuitionSummaryCsv } from '#api/operations/tuition-summary'
import { readTuitionSettings, saveTuitionSettings } from '#api/operations/tuition-settings'
import { tuitionRunSchema } from '#api/schemas/tuition-run'
import { tuitionSettingsSchema } from '#api/schemas/tuition-settings'
import { tuitionSummaryQuerySchema } from '#api/schemas/tuition-summary'

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
