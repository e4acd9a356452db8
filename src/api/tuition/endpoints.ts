import { defineEndpoint, idParam } from '#api/http'
import { listTuitionRuns } from './billing-calendar'
import { cancelCredit, createCredit, listCredits, runLateFees } from '#api/invoices'
import { academyToday } from '#api/lib/academy-clock'
import { runTuitionMonth } from './tuition-run'
import { createCreditSchema, listCreditsQuerySchema } from '#api/invoices/credits.schemas'
import { lateFeesRunSchema } from '#api/invoices/late-fees.schemas'
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

  /** Marks overdue invoices and charges late fees (or, with dryRun, the default, says what it would do); decisions §10. */
  defineEndpoint('post', '/admin/tuition/late-fees', { role: 'admin', body: lateFeesRunSchema }, async ({ req, body }) =>
    runLateFees(req, { today: body.today ?? academyToday(), dryRun: body.dryRun }),
  ),

  /** Family credits, used by the next tuition invoices (decisions §10). */
  defineEndpoint('get', '/admin/credits', { role: 'admin', query: listCreditsQuerySchema }, async ({ req, query }) => listCredits(req, query.userId)),

  defineEndpoint('post', '/admin/credits', { role: 'admin', body: createCreditSchema }, async ({ req, user, body }) =>
    Response.json(await createCredit(req, user, body), { status: 201 }),
  ),

  defineEndpoint('post', '/admin/credits/:id/cancel', { role: 'admin' }, async ({ req, user }) => cancelCredit(req, user, idParam(req))),
]
