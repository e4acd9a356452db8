import { defineEndpoint, idParam } from '#api/http'
import { academyToday } from '#api/lib/academy-clock'
import { cancelCredit, createCredit, listCredits } from './credits'
import { createCreditSchema, listCreditsQuerySchema } from './credits.schemas'
import { runLateFees } from './late-fees'
import { lateFeesRunSchema } from './late-fees.schemas'

/** What an invoice owes besides its lines (decisions §10), administrators only: late fees and family credits. */
export const creditAndLateFeeEndpoints = [
  /** Marks overdue invoices and charges late fees (or, with dryRun, the default, says what it would do). */
  defineEndpoint('post', '/admin/tuition/late-fees', { role: 'admin', body: lateFeesRunSchema }, async ({ req, body }) =>
    runLateFees(req, { today: body.today ?? academyToday(), dryRun: body.dryRun }),
  ),

  /** Family credits, used by the next tuition invoices. */
  defineEndpoint('get', '/admin/credits', { role: 'admin', query: listCreditsQuerySchema }, async ({ req, query }) => listCredits(req, query.userId)),

  defineEndpoint('post', '/admin/credits', { role: 'admin', body: createCreditSchema }, async ({ req, user, body }) =>
    Response.json(await createCredit(req, user, body), { status: 201 }),
  ),

  defineEndpoint('post', '/admin/credits/:id/cancel', { role: 'admin' }, async ({ req, user }) => cancelCredit(req, user, idParam(req))),
]
