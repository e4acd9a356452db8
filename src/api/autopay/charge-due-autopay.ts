import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload } from 'payload'
import Stripe from 'stripe'

import type { AutopayAttempt, BillingProfile, Invoice, PaymentMethod } from '#cms/payload-types'
import { isUniqueViolation } from '#api/errors'
import { type AutopayRunResult } from './schemas'
import { PAYMENT_CURRENCY } from '#api/payments/schemas'
import { dueAttempt, type AttemptFacts } from '#shared/autopay'
import { calendarDay } from '#shared/dates'
import { formatCents } from '#shared/money'
import { autopayActionMail } from '#api/email'
import { createPaymentIntent, readPaymentSettings, recordFailedIntent, recordSucceededIntent, stripeClient } from '#api/payments'
import { inTransaction, queryInTransaction } from '#api/lib/database'
import { academyToday } from '#api/lib/academy-clock'
import { UNPAID, attemptsOf, facts, findCards, unpaidTuition } from './autopay-state'
import { billingLink, mailDecline, mailFamily } from './decline-notices'
import { settleAttempt, settleOnce, stillUnpaidAfterCancelling } from './settle-from-webhook'
import { chargeableBy, holderOfProfile, saverStands } from './card-holder'

/**
 * The billing day's autopay job: every unpaid tuition invoice of a family with autopay on is
 * charged off-session on its due day, a declined one again on the days of
 * #shared/autopay (nextAttemptDay), each attempt claimed once.
 */
type Outcome = 'succeeded' | 'failed' | 'requiresAction' | 'pending' | 'skipped'

/**
 * Claims (invoice, attempt): the row for the one process whose insert went in. The claim takes
 * the invoice's row lock, as the card form, the webhook and the administrator's actions do, and
 * only an invoice still unpaid is claimed: once the claim is in, the card form refuses to open a
 * second payment (decisions §5).
 */
async function claimAttempt(payload: Payload, invoice: Invoice, attempt: number, today: string): Promise<AutopayAttempt | null> {
  const req = await createLocalReq({}, payload)
  try {
    return await inTransaction(req, async () => {
      const [row] = await queryInTransaction<{ status: Invoice['status'] }>(req, sql`SELECT status FROM invoices WHERE id = ${invoice.id} FOR UPDATE`)
      if (!row || !UNPAID.includes(row.status)) return null
      return (await payload.create({
        collection: 'autopay-attempts',
        data: { invoiceId: invoice.id, attempt, userId: invoice.userId, status: 'processing', day: today, amountCents: invoice.amountCents },
        overrideAccess: true,
        depth: 0,
        req,
      })) as AutopayAttempt
    })
  } catch (error) {
    // Payload reports the unique (invoice, attempt) index as a ValidationError: a row that is there now is another process's claim.
    if (isUniqueViolation(error)) return null
    const taken = await payload.count({
      collection: 'autopay-attempts',
      where: { and: [{ invoiceId: { equals: invoice.id } }, { attempt: { equals: attempt } }] },
      overrideAccess: true,
    })
    if (taken.totalDocs > 0) return null
    throw error
  }
}

/** One off-session charge of one invoice's attempt, claimed by this process. */
async function chargeAttempt(
  payload: Payload,
  stripe: Stripe,
  context: { invoice: Invoice; card: PaymentMethod; customerId: string; attempt: number; today: string; earlier: AttemptFacts[] },
): Promise<Outcome> {
  const { invoice, card, customerId, attempt, today } = context
  const claim = await claimAttempt(payload, invoice, attempt, today)
  if (!claim) return 'skipped'
  if (!(await stillUnpaidAfterCancelling(payload, invoice.id))) {
    await payload.delete({ collection: 'autopay-attempts', id: claim.id, overrideAccess: true })
    return 'skipped'
  }

  let intent: Stripe.PaymentIntent | undefined
  let declined: Stripe.errors.StripeCardError | null = null
  try {
    intent = await createPaymentIntent(
      stripe,
      {
        amount: invoice.amountCents,
        currency: PAYMENT_CURRENCY,
        customer: customerId,
        payment_method: card.stripePaymentMethodId!,
        off_session: true,
        confirm: true,
        description: `Invoice #${invoice.id}: ${invoice.description} (autopay)`.slice(0, 1000),
        metadata: { invoiceId: String(invoice.id), userId: String(invoice.userId), autopayAttempt: String(attempt) },
      },
      // One key per invoice, attempt and amount: a second process, or a rerun, gets Stripe's first answer.
      `academy-autopay-${invoice.id}-${attempt}-${invoice.amountCents}`,
    )
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      declined = error
      intent = error.payment_intent
    } else {
      // Stripe could not be reached, or refused the request: the claim is given back, and the
      // next run tries the same attempt with the same key (Stripe replays a charge it made).
      await payload.delete({ collection: 'autopay-attempts', id: claim.id, overrideAccess: true })
      payload.logger.error({ err: error, msg: `[autopay] invoice ${invoice.id}, attempt ${attempt}: the charge could not be made` })
      return 'skipped'
    }
  }

  if (intent?.status === 'succeeded') {
    await settleOnce(payload, claim.id, { status: 'succeeded', paymentIntentId: intent.id })
    await recordSucceededIntent(payload, intent)
    return 'succeeded'
  }

  const amount = formatCents(invoice.amountCents)
  if (declined?.code === 'authentication_required' || intent?.status === 'requires_action') {
    const settled = await settleOnce(payload, claim.id, {
      status: 'requires_action',
      paymentIntentId: intent?.id ?? null,
      failureMessage: 'The bank asks the cardholder to confirm.',
    })
    if (!settled) return 'requiresAction'
    await mailFamily(payload, invoice, (user, academy) =>
      autopayActionMail({ fullName: user.fullName, academyName: academy, amount, description: invoice.description, link: billingLink(invoice) }),
    )
    return 'requiresAction'
  }

  if (declined) {
    const reason = declined.message || 'Your card was declined.'
    const settled = await settleOnce(payload, claim.id, { status: 'failed', paymentIntentId: intent?.id ?? null, failureMessage: reason.slice(0, 500) })
    if (intent) await recordFailedIntent(payload, intent)
    if (settled) await mailDecline(payload, invoice, reason, [...context.earlier, { attempt, status: 'failed', day: today }])
    return 'failed'
  }

  // Processing at the bank: the webhook records it when Stripe settles it.
  await settleAttempt(payload, claim, { paymentIntentId: intent?.id ?? null })
  return 'pending'
}

/**
 * The autopay job (decisions §12), run daily (and by hand: POST /api/admin/autopay/run). For
 * every holder with autopay on and a saved card (a household, or a guardian's own card under split
 * billing, decisions §36), each unpaid tuition invoice that card pays (card-holder.ts) whose
 * attempt is due today (src/shared/autopay.ts) is charged off-session. Running it twice, or in two
 * processes at once, charges nothing twice: each (invoice, attempt) is claimed by one row.
 */
export async function chargeDueAutopay(payload: Payload): Promise<AutopayRunResult> {
  const result: AutopayRunResult = { attempted: 0, succeeded: 0, failed: 0, requiresAction: 0 }
  const settings = await readPaymentSettings(payload)
  if (!settings.secretKey || settings.paymentsDisabled) {
    payload.logger.warn('[autopay] card payments are not configured or are disabled: nothing charged')
    return result
  }
  const stripe = stripeClient(settings.secretKey)
  const today = academyToday()
  const profiles = (
    await payload.find({
      collection: 'billing-profiles',
      where: { autopayEnabled: { equals: true } },
      limit: 0,
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
  ).docs as BillingProfile[]

  for (const profile of profiles) {
    const userId = typeof profile.user === 'number' ? profile.user : profile.user.id
    // A guardian's own card charges only while it stands (split billing on, still a full guardian, not the payer).
    const holder = await holderOfProfile(payload, userId, profile.scope ?? 'household')
    if (!holder) continue
    const [card] = await findCards(payload, holder)
    if (!card?.stripePaymentMethodId || !profile.stripeCustomerId) continue
    // The household's card charges only while the guardian who saved it is one of its full guardians (decisions §39).
    if (!(await saverStands(payload, holder, card))) continue
    const invoices = await chargeableBy(payload, holder, await unpaidTuition(payload, holder.householdId, today))
    const attempts = await attemptsOf(
      payload,
      invoices.map((i) => i.id),
    )
    for (const invoice of invoices) {
      const earlier = facts(attempts.get(invoice.id) ?? [])
      const attempt = dueAttempt(calendarDay(invoice.dueDate), today, earlier)
      if (attempt === null) continue
      try {
        const outcome = await chargeAttempt(payload, stripe, { invoice, card, customerId: profile.stripeCustomerId, attempt, today, earlier })
        if (outcome === 'skipped') continue
        result.attempted++
        if (outcome === 'succeeded') result.succeeded++
        else if (outcome === 'failed') result.failed++
        else if (outcome === 'requiresAction') result.requiresAction++
      } catch (error) {
        // One family's trouble never stops the others' charges.
        payload.logger.error({ err: error, msg: `[autopay] invoice ${invoice.id}: autopay failed` })
      }
    }
  }
  return result
}
