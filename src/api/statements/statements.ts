import type { PayloadRequest } from 'payload'

import type { Invoice, Payment, User } from '#cms/payload-types'
import { notFound } from '#api/errors'
import type { StatementDto, StatementNextDto } from './schemas'
import { monthOf } from '#shared/dates'
import { academyToday } from '#api/lib/academy-clock'
import { statementAutopay } from '#api/autopay'
import { householdPayer } from '#api/households'
import { openCreditsOf, toInvoiceDto } from '#api/invoices'
import { toPaymentDto } from '#api/payments'
import { relationId } from '#api/lib/relations'
import { bothOf, familyRows, householdAccount, householdOf } from '#api/lib/ownership'
import { finishedRunMonths, runTuitionMonth } from '#api/tuition'
import { splitStatement } from './split-view'

export const FAMILY_NOT_FOUND = 'Family not found.'

/** How far ahead the statement looks for a month the family has not been billed for yet. */
const MONTHS_AHEAD = 24

/** Months the statement dry-runs at most: the first unbilled month and, when it has nothing to bill, the next one (a class starting next month). */
const MONTHS_PRICED = 2

/** The first month from `period` on without a tuition invoice of the family, or null within MONTHS_AHEAD. */
function firstUnbilled(billed: ReadonlySet<string>, period: string): string | null {
  for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++) {
    const month = monthOf(`${period}-01`, ahead)
    if (!billed.has(month)) return month
  }
  return null
}

/**
 * The next tuition invoice: the first month from the current one (in the academy's time zone)
 * without a tuition invoice of the family (nor a finished run: a family that joined after the
 * month's run is billed from the next month, decisions §13, as the enrollment quote says) that bills something, priced by a dry run of the
 * monthly run scoped to the family, so the estimate and each line's explanation are the run's
 * own computation (settings, proration, discounts, registration fee, credits) and never a
 * second copy of it.
 */
async function nextInvoice(req: PayloadRequest, userId: number, invoices: Invoice[], today: string): Promise<StatementNextDto | null> {
  const billed = new Set(invoices.filter((invoice) => invoice.kind === 'tuition' && invoice.period).map((invoice) => invoice.period!))
  for (const month of await finishedRunMonths(req, monthOf(today))) billed.add(month)
  let period = firstUnbilled(billed, monthOf(today))
  for (let priced = 0; period && priced < MONTHS_PRICED; priced++) {
    const run = await runTuitionMonth(req, { period, dryRun: true, userIds: [userId] }, { today })
    const family = run.families.find((f) => f.userId === userId)
    // No enrollment at all: nothing comes next.
    if (!family) return null
    if (family.outcome === 'wouldCreate') {
      const issueDate = run.billingDate < today ? today : run.billingDate
      return { period, billingDate: run.billingDate, issueDate, dueDate: run.dueDate, estimatedCents: family.totalCents, lines: family.lines }
    }
    period = firstUnbilled(billed, monthOf(`${period}-01`, 1))
  }
  return null
}

/**
 * One family's statement (decisions §11), read as the caller: the family's rows through the
 * collections' own read rules (`ownedByFamily`: a family reaches only its own, so another
 * family's id reads as not found), an administrator's for any family. Every read is scoped to
 * `userId`.
 */
export async function familyStatement(req: PayloadRequest, caller: User, userId = householdOf(caller)): Promise<StatementDto> {
  // The account under the users' read rule, as a filter: Payload's access machinery on the auth
  // collection costs more than the read itself, on the family's most frequent call.
  const where = bothOf({ id: { equals: userId } }, householdAccount(caller))
  const [user] = (await req.payload.find({ collection: 'users', where, req, overrideAccess: true, depth: 0, limit: 1, pagination: false })).docs as User[]
  if (!user) throw notFound(FAMILY_NOT_FOUND)
  const asCaller = { req, user: caller, overrideAccess: false, depth: 0 } as const
  // A fresh filter for each read: Payload extends the query it is given with the read rule.
  const all = () => ({ ...asCaller, limit: 0, pagination: false, where: familyRows(userId, 'userId'), sort: ['-createdAt', '-id'] })
  const [invoices, payments] = await Promise.all([
    req.payload.find({ collection: 'invoices', ...all() }).then((r) => r.docs as Invoice[]),
    req.payload.find({ collection: 'payments', ...all() }).then((r) => r.docs as Payment[]),
  ])
  // The dry run behind `next` reads the credits too, as the engine's input; these are the statement's own.
  const [next, credits] = await Promise.all([nextInvoice(req, userId, invoices, academyToday()), openCreditsOf(req, userId)])
  const descriptions = new Map(invoices.map((invoice) => [invoice.id, invoice.description]))
  return splitStatement(req, caller, {
    userId: user.id,
    fullName: user.fullName,
    email: user.email,
    balanceCents: invoices.filter((i) => i.status === 'pending' || i.status === 'overdue').reduce((sum, i) => sum + i.amountCents, 0),
    invoices: invoices.map(toInvoiceDto),
    payments: payments.map((payment) => toPaymentDto(payment, payment.invoice != null ? (descriptions.get(relationId(payment.invoice)) ?? null) : null)),
    next,
    // Decisions §12: the saved card and the next automatic charge; null while autopay is off.
    autopay: await statementAutopay(req.payload, userId, next),
    // Decisions §10: what the academy has credited and the next invoices will still take off.
    credits: credits.map(({ id, reason, amountCents, remainingCents, createdAt }) => ({ id, reason, amountCents, remainingCents, createdAt })),
    payer: await householdPayer(req, user),
  })
}
