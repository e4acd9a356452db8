import type { PayloadRequest } from 'payload'

import type { Class, Student, TuitionRun } from '#cms/payload-types'
import { monthOf } from '#shared/dates'
import { firstInvoiceQuote, type AdditionQuote } from '#shared/enrollment-quote'
import { billingDate } from '#shared/tuition'
import { readTuitionSettings } from '#api/studio'
import { engineSettingsOf, familiesWithEnrollments, registrationSeasonsOf, toTuitionEnrollment, tuitionDueDate, tuitionInvoicesOf } from './tuition-run'

export type TuitionQuote = AdditionQuote & {
  /** The month's billing day. */
  billingDate: string
  /** The day the invoice is issued and falls due: the billing day, or `today` once it has passed (tuitionDueDate). */
  chargeDate: string
  /** The current month is billed already: the new classes wait for a later invoice. */
  thisMonthBilled: boolean
}

/** Months from `from` on whose scheduled run has finished: the calendar never bills them again (decisions §13). */
export async function finishedRunMonths(req: PayloadRequest, from: string): Promise<string[]> {
  const { docs } = await req.payload.find({
    collection: 'tuition-runs',
    req,
    overrideAccess: true,
    depth: 0,
    limit: 0,
    pagination: false,
    where: { and: [{ period: { greater_than_equal: from } }, { status: { equals: 'finished' } }] },
  })
  return (docs as TuitionRun[]).map((run) => run.period)
}

/**
 * What enrolling the students in the classes from `today` adds to the family's first tuition
 * invoice that will charge them (src/shared/enrollment-quote.ts), read as the monthly run reads
 * the family: its enrollments, settings, closures, and the seasons its invoices charged. A
 * month the family has a tuition invoice for (a voided one too: it is billed again only on
 * purpose, decisions §10), or whose scheduled run has finished, bills nothing more.
 */
export async function quoteFirstTuition(
  req: PayloadRequest,
  userId: number,
  additions: readonly { student: Student; cls: Class }[],
  today: string,
): Promise<TuitionQuote | null> {
  const [settings, families, invoicesByUser, runs] = await Promise.all([
    readTuitionSettings(req.payload, req),
    familiesWithEnrollments(req, [userId]),
    tuitionInvoicesOf(req, [userId]),
    finishedRunMonths(req, monthOf(today)),
  ])
  const invoices = invoicesByUser.get(userId) ?? []
  const billedMonths = [...invoices.flatMap((invoice) => (invoice.period ? [invoice.period] : [])), ...runs]
  const quote = firstInvoiceQuote(
    engineSettingsOf(settings),
    today,
    { enrollments: families[0]?.enrollments ?? [], registrationSeasons: registrationSeasonsOf(invoices, settings), billedMonths },
    additions.map(({ student, cls }) => toTuitionEnrollment(student, cls, today)),
  )
  if (!quote) return null
  const billing = billingDate(quote.month, settings.billingDay)
  return { ...quote, billingDate: billing, chargeDate: tuitionDueDate(billing, today), thisMonthBilled: billedMonths.includes(monthOf(today)) }
}
