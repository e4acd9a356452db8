import { ValidationError, type CollectionBeforeChangeHook } from 'payload'

import type { Invoice } from '#cms/payload-types'
import { INVOICE_LINE_MESSAGES } from '#api/schemas/invoices'
import { isMonth } from '#shared/dates'
import { sumLines } from '#shared/tuition'

/** The key that makes one tuition invoice per family and month (a unique column), or null for every other invoice. */
export function tuitionKeyOf(invoice: { kind?: string | null; userId?: number | null; period?: string | null }): string | null {
  return invoice.kind === 'tuition' && invoice.userId != null && invoice.period ? `${invoice.userId}:${invoice.period}` : null
}

function refuse(path: string, message: string): never {
  throw new ValidationError({ collection: 'invoices', errors: [{ path, message }] })
}

/**
 * Rules every invoice write obeys, whoever writes (the contract, /cms, the tuition run):
 * - an invoice with lines costs exactly the sum of its lines: the amount is derived here, so a
 *   write with a different amount is corrected, never stored; a hand-made invoice without lines
 *   keeps the amount it was given;
 * - a tuition invoice names its month, and carries the key of the unique index that lets a
 *   family have one tuition invoice per month, even when two runs race (a second one met
 *   outside a race is refused here, with a message /cms shows at the month).
 * On an update `data` holds only the changed fields, so the stored invoice fills in the rest.
 */
export const deriveInvoiceTotals: CollectionBeforeChangeHook<Invoice> = async ({ data, originalDoc, req }) => {
  const merged = { ...originalDoc, ...data }
  const lines = merged.lines ?? []
  if (lines.length > 0) {
    for (const line of lines) {
      if (!Number.isSafeInteger(line.amountCents)) refuse('lines', INVOICE_LINE_MESSAGES.amountCents)
    }
    const total = sumLines(lines)
    if (total <= 0) refuse('lines', INVOICE_LINE_MESSAGES.totalPositive)
    data.amountCents = total
  }
  const kind = merged.kind ?? 'manual'
  if (merged.period != null && merged.period !== '' && !isMonth(merged.period)) refuse('period', INVOICE_LINE_MESSAGES.period)
  if (kind === 'tuition' && !merged.period) refuse('period', INVOICE_LINE_MESSAGES.periodRequired)
  data.kind = kind
  data.tuitionKey = tuitionKeyOf({ kind, userId: merged.userId, period: merged.period })
  if (data.tuitionKey) {
    // A clear message at the month's field for /cms; the unique index still decides between concurrent writes.
    const twin = await req.payload.count({
      collection: 'invoices',
      req,
      overrideAccess: true,
      where: { and: [{ tuitionKey: { equals: data.tuitionKey } }, ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : [])] },
    })
    if (twin.totalDocs > 0) refuse('period', INVOICE_LINE_MESSAGES.periodTaken)
  }
  return data
}
