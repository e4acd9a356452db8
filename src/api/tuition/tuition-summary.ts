import type { PayloadRequest } from 'payload'

import type { Invoice, Payment } from '#cms/payload-types'
import { TUITION_SUMMARY_CSV_HEADER, type CountAndCents, type TuitionSummaryDto } from './summary.schemas'
import { centsToDollars } from '#shared/money'
import { csvTable } from '#api/lib/csv'
import { relationId } from '#api/lib/relations'
import { calendarDay } from '#shared/dates'

/** How one tuition invoice of the month stands. */
type InvoiceStanding = {
  invoice: Invoice
  /** Cents received by completed payments (card or recorded otherwise). */
  receivedCents: number
  paidByCard: boolean
  failedAttempts: number
  bucket: 'charged' | 'paidOtherwise' | 'outstanding' | 'cancelled'
}

/** A card payment as the server records it after Stripe confirms it (payment-recording.ts). */
const isCard = (payment: Payment) => (payment.method ?? 'stripe') === 'stripe'

/** The tuition invoices billing `month`, oldest first, each with its payments read in one more query. */
async function standingsOf(req: PayloadRequest, month: string): Promise<InvoiceStanding[]> {
  const all = { req, overrideAccess: true, depth: 0, limit: 0, pagination: false } as const
  const invoices = (
    await req.payload.find({ collection: 'invoices', ...all, where: { and: [{ kind: { equals: 'tuition' } }, { period: { equals: month } }] }, sort: 'id' })
  ).docs as Invoice[]
  if (invoices.length === 0) return []
  const payments = (await req.payload.find({ collection: 'payments', ...all, where: { invoice: { in: invoices.map((i) => i.id) } } })).docs as Payment[]
  const byInvoice = new Map<number, Payment[]>()
  for (const payment of payments) {
    if (payment.invoice == null) continue
    const id = relationId(payment.invoice)
    byInvoice.set(id, [...(byInvoice.get(id) ?? []), payment])
  }
  return invoices.map((invoice) => {
    const own = byInvoice.get(invoice.id) ?? []
    const completed = own.filter((p) => p.status === 'completed')
    const paidByCard = completed.some(isCard)
    const bucket =
      invoice.status === 'paid'
        ? paidByCard
          ? 'charged'
          : 'paidOtherwise'
        : invoice.status === 'pending' || invoice.status === 'overdue'
          ? 'outstanding'
          : 'cancelled'
    return {
      invoice,
      receivedCents: completed.reduce((sum, p) => sum + p.amountCents, 0),
      paidByCard,
      failedAttempts: own.filter((p) => p.status === 'failed' && isCard(p)).length,
      bucket,
    }
  })
}

const tally = (standings: InvoiceStanding[]): CountAndCents => ({
  count: standings.length,
  cents: standings.reduce((sum, s) => sum + s.invoice.amountCents, 0),
})

/** GET /api/admin/tuition/summary: the month's tuition invoices in figures (see TuitionSummaryDto). */
export async function tuitionSummary(req: PayloadRequest, month: string): Promise<TuitionSummaryDto> {
  const standings = await standingsOf(req, month)
  const bucket = (name: InvoiceStanding['bucket']) => tally(standings.filter((s) => s.bucket === name))
  return {
    month,
    created: tally(standings),
    charged: bucket('charged'),
    paidOtherwise: bucket('paidOtherwise'),
    outstanding: bucket('outstanding'),
    cancelled: bucket('cancelled'),
    failed: {
      attempts: standings.reduce((sum, s) => sum + s.failedAttempts, 0),
      invoices: standings.filter((s) => s.failedAttempts > 0).length,
    },
  }
}

/**
 * GET /api/admin/tuition/summary.csv: one row per tuition invoice of the month, amounts in
 * dollars with two decimals. Names, emails and line descriptions are what families and
 * administrators typed, so every cell goes through csvCell (formula-safe).
 */
export async function tuitionSummaryCsv(req: PayloadRequest, month: string): Promise<string> {
  const standings = await standingsOf(req, month)
  const dollars = (cents: number) => centsToDollars(cents).toFixed(2)
  return csvTable(
    TUITION_SUMMARY_CSV_HEADER,
    standings.map(({ invoice, receivedCents, paidByCard, failedAttempts }) => {
      const paidCents = invoice.status === 'paid' && receivedCents === 0 ? invoice.amountCents : receivedCents
      return [
        invoice.id,
        invoice.payerName ?? '',
        invoice.payerEmail ?? '',
        month,
        calendarDay(invoice.dueDate),
        dollars(invoice.amountCents),
        invoice.status,
        dollars(paidCents),
        invoice.status === 'paid' ? (paidByCard ? 'card' : 'other') : '',
        failedAttempts,
        (invoice.lines ?? []).map((line) => `${line.description}: ${dollars(line.amountCents)}`).join('; '),
      ]
    }),
  )
}
