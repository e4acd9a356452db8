import type { PayloadRequest } from 'payload'

import type { Invoice, Message } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { calendarDay, formatCalendarDay } from '#shared/dates'
import { formatCents } from '#shared/money'
import { mailedGuardianOfInvoice } from '#api/households'
import { notify } from './notify'

/**
 * The notices of one household (decisions §27): a place offered, an invoice
 * issued, an automatic payment declined. Each used to be a mail of its own; it is now the
 * household's inbox message and its copies' emails, never both.
 */
const portal = (path: string) => `${getAppContext().env.publicOrigin}${path}`

export type OfferFacts = {
  entryId: number
  householdId: number
  studentId: number
  studentName: string
  className: string
  expiresAt: string
  hours: number
  /** The offer's end as an instant: a new offer of the same entry is a new event. */
  offerExpiresAt: string
}

export async function noticeWaitlistOffer(req: PayloadRequest, offer: OfferFacts): Promise<Message | null> {
  return notify(
    req,
    'waitlist-offer',
    `${offer.entryId}:${offer.offerExpiresAt}`,
    { kind: 'household', householdId: offer.householdId, studentIds: [offer.studentId] },
    { studentName: offer.studentName, className: offer.className, expiresAt: offer.expiresAt, hours: String(offer.hours), link: portal('/dashboard') },
  )
}

const invoiceLink = (invoice: Invoice) => portal(`/billing?invoice=${invoice.id}`)

/**
 * A new invoice a family owes (a draft or an invoice born paid tells nothing). This notice and the
 * decline follow the "billed to" rule (decisions §10): every guardian of a household that does not
 * split, else the guardian the invoice is billed to alone.
 */
export async function noticeInvoiceIssued(req: PayloadRequest, invoice: Invoice): Promise<Message | null> {
  if (invoice.status !== 'pending' && invoice.status !== 'overdue') return null
  return notify(
    req,
    'invoice-issued',
    String(invoice.id),
    { kind: 'household', householdId: invoice.userId, studentIds: [], guardianId: await mailedGuardianOfInvoice(req, invoice) },
    {
      description: invoice.description,
      amount: formatCents(invoice.amountCents),
      dueDate: invoice.dueDate ? formatCalendarDay(calendarDay(invoice.dueDate)) : 'on receipt',
      link: invoiceLink(invoice),
    },
  )
}

/** A declined automatic payment, once per attempt, with the day of the next try (or that there is none). */
export async function noticePaymentFailed(
  req: PayloadRequest,
  invoice: Invoice,
  facts: { attempt: number; reason: string; nextAttempt: string | null },
): Promise<Message | null> {
  return notify(
    req,
    'payment-failed',
    `${invoice.id}:${facts.attempt}`,
    { kind: 'household', householdId: invoice.userId, studentIds: [], guardianId: await mailedGuardianOfInvoice(req, invoice) },
    {
      description: invoice.description,
      amount: formatCents(invoice.amountCents),
      reason: facts.reason,
      nextAttempt: facts.nextAttempt
        ? `We will try the card again on ${facts.nextAttempt}. To pay now, or with another card, open:`
        : 'We will not try the card again for this invoice. Please pay it here:',
      link: invoiceLink(invoice),
    },
  )
}
