import type { Payload, PayloadRequest } from 'payload'

import type { Invoice, User } from '#cms/payload-types'
import { guardiansOf, mailHousehold, sendMail, wantsEmail, academyName, type MailContent } from '#api/email'
import { householdOf } from '#api/lib/ownership'
import { readSplitBilling } from '#api/studio'
import { isAdminUser } from '#shared/roles'
import { mailedGuardianOf, seesHouseholdOwn, seesInvoice, shareReadBy, type MoneyHousehold, type MoneyReader } from '#shared/split-billing'
import { billingGuardiansOf, type BillingGuardians } from './billed-to'
import { accessOf } from './household'

/**
 * The one owner of "which money may this person see, and who is mailed about it" (decisions §10,
 * §38): statements, the invoice and payment lists, paying, receipts, the autopay and invoice mails
 * all ask here. The rule itself is pure (`#shared/split-billing`); this reads its facts.
 */
export type MoneyView = {
  household: MoneyHousehold
  reader: MoneyReader
  /** The guardian whose share the reader reads, or null for all of the household's money. */
  share: number | null
  /** Whether the reader sees this invoice, and so its payments, refunds and receipts. */
  sees: (invoice: { billedTo?: number | null }) => boolean
  /** Whether the reader sees the household's own money of no invoice: credits, its card, a payment of no invoice. */
  seesOwn: boolean
  /** Who each line is billed to, read once to tell whether the household splits: null while the academy does not split billing. */
  billing: BillingGuardians | null
}

/**
 * The facts of a household's money: whether it splits now (split billing on at the academy, and an
 * invoice of the household names a guardian or a choice bills a child or class to a guardian other
 * than the payer), its payer and its full guardians, and the billing choices read to tell. A
 * household that does not split is one purse; with split billing off nothing more is read.
 */
async function moneyFactsOf(req: PayloadRequest, householdId: number): Promise<{ household: MoneyHousehold; billing: BillingGuardians | null }> {
  if (!(await readSplitBilling(req))) return { household: { split: false }, billing: null }
  const billing = await billingGuardiansOf(req, householdId)
  const facts = { split: true, payerId: billing.payer.id, fullGuardianIds: [...billing.full.keys()] } as const
  if (billing.splitsNow) return { household: facts, billing }
  const named = await req.payload.count({
    collection: 'invoices',
    where: { and: [{ userId: { equals: householdId } }, { billedTo: { exists: true } }] },
    overrideAccess: true,
    req,
  })
  return { household: named.totalDocs > 0 ? facts : { split: false }, billing }
}

export async function moneyHouseholdOf(req: PayloadRequest, householdId: number): Promise<MoneyHousehold> {
  return (await moneyFactsOf(req, householdId)).household
}

/** The caller's view of their household's money (an administrator's: all of it, of any household). */
export async function moneyViewOf(req: PayloadRequest, caller: User, householdId: number = householdOf(caller)): Promise<MoneyView> {
  const { household, billing } = await moneyFactsOf(req, householdId)
  const reader: MoneyReader = { id: caller.id, role: isAdminUser(caller) ? 'office' : accessOf(caller) }
  return {
    household,
    reader,
    share: shareReadBy(reader, household),
    sees: (invoice) => seesInvoice(reader, household, invoice),
    seesOwn: seesHouseholdOwn(reader, household),
    billing,
  }
}

/** The one guardian a mail about this invoice goes to, or null for every guardian of the household. */
export async function mailedGuardianOfInvoice(req: PayloadRequest, invoice: Pick<Invoice, 'userId' | 'billedTo'>): Promise<number | null> {
  return mailedGuardianOf(invoice, await moneyHouseholdOf(req, invoice.userId))
}

/**
 * A money mail about one invoice (a receipt, a charge waiting for the bank, a decline): to every
 * guardian of a household that does not split who wants email, else to the guardian the invoice is
 * billed to alone (the payer for the household's own). Returns how many were queued.
 */
export async function mailAboutInvoice(
  req: PayloadRequest,
  invoice: Pick<Invoice, 'userId' | 'billedTo'>,
  compose: (guardian: User, academy: string) => MailContent,
): Promise<number> {
  const guardianId = await mailedGuardianOfInvoice(req, invoice)
  if (guardianId === null) return mailHousehold(req.payload, invoice.userId, compose)
  const payload: Payload = req.payload
  const guardian = (await guardiansOf(payload, invoice.userId)).find((user) => user.id === guardianId)
  if (!guardian || !(await wantsEmail({ payload }, guardian.id))) return 0
  await sendMail(payload, guardian.email, compose(guardian, await academyName(payload)))
  return 1
}
