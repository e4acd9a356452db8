import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'
import Stripe from 'stripe'

import type { AutopayAttempt, BillingProfile, Invoice, PaymentMethod, User } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { badInput, forbidden, isUniqueViolation, notFound } from '#api/errors'
import {
  AUTOPAY_NEEDS_CARD,
  NO_SAVED_CARD,
  SETUP_NOT_FINISHED,
  SETUP_NOT_YOURS,
  type AutopayChargeDto,
  type AutopayRunResult,
  type AutopayStateDto,
  type AutopayToggleInput,
  type SaveCardInput,
  type SavedCardDto,
  type SetupIntentDto,
} from './schemas'
import { PAYMENT_CURRENCY, PAYMENTS_DISABLED } from '#api/payments/schemas'
import type { StatementAutopayDto } from '#api/statements/schemas'
import { AUTOPAY_CATCH_UP_DAYS, brandName, dueAttempt, nextAttemptDay, type AttemptFacts } from '#shared/autopay'
import { addDays, todayIso } from '#shared/dates'
import { centsToDollars, dollarsToCents, formatCents } from '#shared/money'
import { autopayActionMail, autopayFailedMail } from '#api/email'
import {
  cancelOpenCardIntents,
  readPaymentSettings,
  recordFailedIntent,
  recordSucceededIntent,
  requireStripe,
  stripeClient,
  stripeFailure,
} from '#api/payments'
import { hitRateLimit } from '#api/lib/rate-limit'
import { getSiteTexts } from '#api/site-content'
import { inTransaction, queryInTransaction } from '#api/lib/transaction'
import { readTuitionSettings } from '#api/studio'

/**
 * Saved cards and autopay (decisions §12). The card is saved through a Stripe SetupIntent
 * confirmed in the browser (the Payment Element): our server keeps Stripe's ids, the brand, the
 * last four digits and the expiry. On the billing day `chargeDueAutopay` charges the saved card
 * off-session; a charge is recorded only when Stripe says it succeeded (payment-recording.ts).
 */

const UNPAID: Invoice['status'][] = ['pending', 'overdue']
const day = (value: string) => new Date(value).toISOString().slice(0, 10)
const timeZone = () => getAppContext().env.ACADEMY_TIMEZONE ?? null

// ---- reading ------------------------------------------------------------------------------

async function findProfile(payload: Payload, userId: number, req?: PayloadRequest): Promise<BillingProfile | null> {
  const found = await payload.find({ collection: 'billing-profiles', where: { user: { equals: userId } }, limit: 1, depth: 0, overrideAccess: true, req })
  return (found.docs[0] as BillingProfile | undefined) ?? null
}

async function findCards(payload: Payload, userId: number, req?: PayloadRequest): Promise<PaymentMethod[]> {
  const found = await payload.find({
    collection: 'payment-methods',
    where: { user: { equals: userId } },
    sort: '-createdAt',
    limit: 0,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return found.docs as PaymentMethod[]
}

function toCardDto(card: PaymentMethod | undefined): SavedCardDto | null {
  if (!card) return null
  return { brand: card.cardBrand ?? 'card', lastFour: card.lastFour ?? '', expiryMonth: card.expiryMonth ?? 0, expiryYear: card.expiryYear ?? 0 }
}

async function attemptsOf(payload: Payload, invoiceIds: number[]): Promise<Map<number, AutopayAttempt[]>> {
  const byInvoice = new Map<number, AutopayAttempt[]>(invoiceIds.map((id) => [id, []]))
  if (invoiceIds.length === 0) return byInvoice
  const found = await payload.find({
    collection: 'autopay-attempts',
    where: { invoiceId: { in: invoiceIds } },
    limit: 0,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  for (const attempt of found.docs as AutopayAttempt[]) byInvoice.get(attempt.invoiceId)?.push(attempt)
  return byInvoice
}

const facts = (attempts: AutopayAttempt[]): AttemptFacts[] => attempts.map((a) => ({ attempt: a.attempt, status: a.status, day: a.day }))

async function unpaidTuition(payload: Payload, userId: number, upTo?: string): Promise<Invoice[]> {
  const found = await payload.find({
    collection: 'invoices',
    where: {
      and: [
        { userId: { equals: userId } },
        { kind: { equals: 'tuition' } },
        { status: { in: UNPAID } },
        ...(upTo ? [{ dueDate: { less_than_equal: `${upTo}T23:59:59.999Z` } }] : []),
      ],
    },
    sort: 'dueDate',
    limit: 0,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return found.docs as Invoice[]
}

/** The family's autopay as /account shows it (and an administrator, for any family). */
export async function readAutopayState(payload: Payload, userId: number, now = new Date()): Promise<AutopayStateDto> {
  const [profile, cards, settings] = await Promise.all([findProfile(payload, userId), findCards(payload, userId), readTuitionSettings(payload)])
  const card = toCardDto(cards[0])
  const enabled = Boolean(profile?.autopayEnabled && card)
  const upcoming: AutopayChargeDto[] = []
  if (enabled) {
    const today = todayIso(now, timeZone())
    const invoices = await unpaidTuition(payload, userId)
    const attempts = await attemptsOf(
      payload,
      invoices.map((i) => i.id),
    )
    for (const invoice of invoices) {
      const dueDate = day(invoice.dueDate)
      const made = facts(attempts.get(invoice.id) ?? [])
      // Past its catch-up days without an attempt, an invoice is the family's to pay on /billing.
      if (made.length === 0 && today > addDays(dueDate, AUTOPAY_CATCH_UP_DAYS)) continue
      const next = nextAttemptDay(dueDate, made)
      if (!next) continue
      upcoming.push({ invoiceId: invoice.id, description: invoice.description, amount: centsToDollars(invoice.amountCents), date: next < today ? today : next })
    }
  }
  return { enabled, card, billingDay: settings.billingDay, upcoming }
}

// ---- the family's card --------------------------------------------------------------------

/** Runs `work` in a transaction holding the family's billing lock: card and autopay changes take turns. */
async function withFamilyLock<T>(payload: Payload, userId: number, work: (req: PayloadRequest) => Promise<T>): Promise<T> {
  const req = await createLocalReq({}, payload)
  return inTransaction(req, async () => {
    await queryInTransaction(req, sql`SELECT pg_advisory_xact_lock(hashtextextended(${`billing-profile:${userId}`}, 0))`)
    return work(req)
  })
}

async function stripeForFamilies(req: PayloadRequest): Promise<Stripe> {
  const settings = await readPaymentSettings(req.payload, req)
  if (settings.paymentsDisabled) throw forbidden(PAYMENTS_DISABLED)
  return requireStripe(settings)
}

/** The family's Stripe customer, made once (the lock and Stripe's idempotency key keep it one). */
async function ensureCustomer(payload: Payload, stripe: Stripe, user: User): Promise<string> {
  return withFamilyLock(payload, user.id, async (req) => {
    const profile = await findProfile(payload, user.id, req)
    if (profile?.stripeCustomerId) return profile.stripeCustomerId
    let customer: Stripe.Customer
    try {
      customer = await stripe.customers.create(
        { email: user.email, name: user.fullName, metadata: { userId: String(user.id) } },
        { idempotencyKey: `academy-customer-${user.id}-${Date.parse(user.createdAt)}` },
      )
    } catch (error) {
      throw stripeFailure(error)
    }
    if (profile) {
      await payload.update({ collection: 'billing-profiles', id: profile.id, data: { stripeCustomerId: customer.id }, overrideAccess: true, depth: 0, req })
    } else {
      await payload.create({
        collection: 'billing-profiles',
        data: { user: user.id, stripeCustomerId: customer.id, autopayEnabled: false },
        overrideAccess: true,
        depth: 0,
        req,
      })
    }
    return customer.id
  })
}

/** POST /api/autopay/setup-intent: a SetupIntent for the family's Stripe customer, for the Payment Element. */
export async function createCardSetup(req: PayloadRequest, user: User): Promise<SetupIntentDto> {
  const stripe = await stripeForFamilies(req)
  await hitRateLimit(
    req.payload,
    { name: 'card-setup', limit: 20, windowSeconds: 600, message: 'Too many attempts to save a card. Please wait a few minutes and try again.' },
    String(user.id),
  )
  const customer = await ensureCustomer(req.payload, stripe, user)
  try {
    const setupIntent = await stripe.setupIntents.create({
      customer,
      // Cards only, as for payments (decisions §5).
      allowed_payment_method_types: ['card'],
      usage: 'off_session',
      metadata: { userId: String(user.id) },
    })
    if (!setupIntent.client_secret) throw new Error('Stripe returned a SetupIntent without a client secret')
    return { clientSecret: setupIntent.client_secret, setupIntentId: setupIntent.id }
  } catch (error) {
    throw stripeFailure(error)
  }
}

/**
 * Keeps the card of a succeeded SetupIntent as the family's saved card, replacing any earlier
 * one (detached at Stripe afterwards). Idempotent: the browser's report and the
 * `setup_intent.succeeded` webhook may both arrive, in any order, in any process.
 */
export async function saveCardFromSetupIntent(payload: Payload, stripe: Stripe, setupIntent: Stripe.SetupIntent): Promise<PaymentMethod> {
  if (setupIntent.status !== 'succeeded' || !setupIntent.payment_method) throw badInput(SETUP_NOT_FINISHED)
  const userId = Number(setupIntent.metadata?.userId)
  const customerId = typeof setupIntent.customer === 'string' ? setupIntent.customer : (setupIntent.customer?.id ?? null)
  const profile = Number.isInteger(userId) && userId > 0 ? await findProfile(payload, userId) : null
  if (!profile || !customerId || profile.stripeCustomerId !== customerId) throw notFound(SETUP_NOT_YOURS)
  const methodId = typeof setupIntent.payment_method === 'string' ? setupIntent.payment_method : setupIntent.payment_method.id

  let method: Stripe.PaymentMethod
  try {
    method = await stripe.paymentMethods.retrieve(methodId)
  } catch (error) {
    throw stripeFailure(error, 'We could not find this card.')
  }
  const methodCustomer = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null)
  // A card detached since (replaced or removed) is not brought back by a late report.
  if (methodCustomer !== customerId) throw badInput('This card is no longer attached to your account. Please save it again.')

  const { saved, replaced } = await withFamilyLock(payload, userId, async (req) => {
    const cards = await findCards(payload, userId, req)
    const same = cards.find((card) => card.stripePaymentMethodId === method.id)
    if (same) return { saved: same, replaced: [] as PaymentMethod[] }
    const others = cards
    for (const old of others) await payload.delete({ collection: 'payment-methods', id: old.id, overrideAccess: true, req })
    const created = (await payload.create({
      collection: 'payment-methods',
      data: {
        user: userId,
        type: 'card',
        isDefault: true,
        cardBrand: method.card?.brand ?? 'card',
        lastFour: method.card?.last4 ?? '',
        expiryMonth: method.card?.exp_month ?? null,
        expiryYear: method.card?.exp_year ?? null,
        stripePaymentMethodId: method.id,
      },
      overrideAccess: true,
      depth: 0,
      req,
    })) as PaymentMethod
    return { saved: created, replaced: others }
  })
  for (const old of replaced) await detachQuietly(payload, stripe, old.stripePaymentMethodId)
  return saved
}

/** Detaches a replaced or removed card at Stripe; one already detached is fine. */
async function detachQuietly(payload: Payload, stripe: Stripe, methodId: string | null | undefined): Promise<void> {
  if (!methodId) return
  try {
    await stripe.paymentMethods.detach(methodId)
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return
    payload.logger.error({ err: error, msg: `[autopay] card ${methodId} could not be detached at Stripe` })
  }
}

/** POST /api/autopay/card: the browser reports a confirmed SetupIntent; the server checks it with Stripe. */
export async function saveCard(req: PayloadRequest, user: User, input: SaveCardInput): Promise<SavedCardDto> {
  const stripe = await stripeForFamilies(req)
  let setupIntent: Stripe.SetupIntent
  try {
    setupIntent = await stripe.setupIntents.retrieve(input.setupIntentId)
  } catch (error) {
    throw stripeFailure(error, SETUP_NOT_YOURS)
  }
  // Another family's SetupIntent is answered as if it did not exist.
  if (setupIntent.metadata?.userId !== String(user.id)) throw notFound(SETUP_NOT_YOURS)
  return toCardDto(await saveCardFromSetupIntent(req.payload, stripe, setupIntent))!
}

/** The `setup_intent.succeeded` webhook: the same as the browser's report, for a family who closed the page. */
export async function saveCardFromWebhook(payload: Payload, setupIntent: Stripe.SetupIntent): Promise<void> {
  const settings = await readPaymentSettings(payload)
  if (!settings.secretKey) return
  await saveCardFromSetupIntent(payload, stripeClient(settings.secretKey), setupIntent)
}

/** DELETE /api/autopay/card: detached at Stripe first (nothing changes when Stripe cannot be reached), then forgotten; autopay turns off. */
export async function removeCard(req: PayloadRequest, user: User): Promise<AutopayStateDto> {
  const cards = await findCards(req.payload, user.id)
  if (cards.length === 0) throw notFound(NO_SAVED_CARD)
  const settings = await readPaymentSettings(req.payload, req)
  if (settings.secretKey) {
    const stripe = stripeClient(settings.secretKey)
    for (const card of cards) {
      if (!card.stripePaymentMethodId) continue
      try {
        await stripe.paymentMethods.detach(card.stripePaymentMethodId)
      } catch (error) {
        // Already detached or unknown at Stripe: the card is gone there anyway.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw stripeFailure(error)
      }
    }
  }
  await withFamilyLock(req.payload, user.id, async (tx) => {
    for (const card of await findCards(req.payload, user.id, tx))
      await req.payload.delete({ collection: 'payment-methods', id: card.id, overrideAccess: true, req: tx })
    const profile = await findProfile(req.payload, user.id, tx)
    if (profile?.autopayEnabled)
      await req.payload.update({ collection: 'billing-profiles', id: profile.id, data: { autopayEnabled: false }, overrideAccess: true, depth: 0, req: tx })
  })
  return readAutopayState(req.payload, user.id)
}

/** PUT /api/autopay: autopay on (only with a saved card) or off. */
export async function setAutopay(req: PayloadRequest, user: User, input: AutopayToggleInput): Promise<AutopayStateDto> {
  await withFamilyLock(req.payload, user.id, async (tx) => {
    const cards = await findCards(req.payload, user.id, tx)
    if (input.enabled && cards.length === 0) throw badInput(AUTOPAY_NEEDS_CARD)
    const profile = await findProfile(req.payload, user.id, tx)
    if (profile) {
      await req.payload.update({
        collection: 'billing-profiles',
        id: profile.id,
        data: { autopayEnabled: input.enabled },
        overrideAccess: true,
        depth: 0,
        req: tx,
      })
    } else {
      await req.payload.create({
        collection: 'billing-profiles',
        data: { user: user.id, autopayEnabled: input.enabled },
        overrideAccess: true,
        depth: 0,
        req: tx,
      })
    }
  })
  return readAutopayState(req.payload, user.id)
}

/** GET /api/admin/autopay/:userId: a family's autopay, card and attempts, for the office. */
export async function readFamilyAutopay(payload: Payload, userId: number) {
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, disableErrors: true })
  if (!user) throw notFound('Account not found')
  const state = await readAutopayState(payload, userId)
  const attempts = await payload.find({
    collection: 'autopay-attempts',
    where: { userId: { equals: userId } },
    sort: '-createdAt',
    limit: 50,
    depth: 0,
    overrideAccess: true,
  })
  return {
    ...state,
    attempts: (attempts.docs as AutopayAttempt[]).map((a) => ({
      invoiceId: a.invoiceId,
      attempt: a.attempt,
      day: a.day,
      status: a.status,
      amount: centsToDollars(a.amountCents),
      paymentIntentId: a.paymentIntentId ?? null,
      failureMessage: a.failureMessage ?? null,
    })),
  }
}

// ---- charging -----------------------------------------------------------------------------

type Outcome = 'succeeded' | 'failed' | 'requiresAction' | 'pending' | 'skipped'

async function academyName(payload: Payload): Promise<string> {
  try {
    return (await getSiteTexts(payload)).text('global.site_name')
  } catch {
    return 'The Academy'
  }
}

async function mailFamily(payload: Payload, userId: number, compose: (user: User, academy: string) => { subject: string; text: string }): Promise<void> {
  try {
    const user = (await payload.findByID({ collection: 'users', id: userId, overrideAccess: true, depth: 0, disableErrors: true })) as User | null
    if (!user?.email) return
    const mail = compose(user, await academyName(payload))
    await getAppContext().mailer.send({ to: user.email, subject: mail.subject, text: mail.text })
  } catch (error) {
    payload.logger.error({ err: error, msg: `[autopay] the email to account ${userId} could not be sent` })
  }
}

function billingLink(invoice: Invoice): string {
  return `${getAppContext().env.publicOrigin}/billing?invoice=${invoice.id}`
}

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

/**
 * After the claim: the card form's open PaymentIntents of the invoice are cancelled. One the
 * family confirmed a moment ago is recorded instead, and then the invoice is paid: the claim is
 * given back and nothing is charged.
 */
async function stillUnpaidAfterCancelling(payload: Payload, invoiceId: number): Promise<boolean> {
  await cancelOpenCardIntents(payload, invoiceId)
  const now = (await payload.findByID({ collection: 'invoices', id: invoiceId, overrideAccess: true, depth: 0, disableErrors: true })) as Invoice | null
  return Boolean(now && UNPAID.includes(now.status))
}

type AttemptUpdate = Partial<Pick<AutopayAttempt, 'status' | 'paymentIntentId' | 'failureMessage'>>

async function settleAttempt(payload: Payload, claim: AutopayAttempt, data: AttemptUpdate) {
  await payload.update({ collection: 'autopay-attempts', id: claim.id, data, overrideAccess: true, depth: 0 })
}

/**
 * Moves an attempt out of `processing`, once: true for the one caller that did it. The charge's
 * own answer and Stripe's webhook about it can arrive together; only one of them mails the family.
 */
async function settleOnce(payload: Payload, attemptId: number, data: AttemptUpdate): Promise<boolean> {
  const req = await createLocalReq({}, payload)
  return inTransaction(req, async () => {
    const [row] = await queryInTransaction<{ status: string }>(req, sql`SELECT status FROM autopay_attempts WHERE id = ${attemptId} FOR UPDATE`)
    if (row?.status !== 'processing') return false
    await req.payload.update({ collection: 'autopay-attempts', id: attemptId, data, req, overrideAccess: true, depth: 0 })
    return true
  })
}

/** The decline email, with the day autopay will try again (or that it will not). */
async function mailDecline(payload: Payload, invoice: Invoice, reason: string, attempts: AttemptFacts[]): Promise<void> {
  const next = nextAttemptDay(day(invoice.dueDate), attempts)
  await mailFamily(payload, invoice.userId, (user, academy) =>
    autopayFailedMail({
      fullName: user.fullName,
      academyName: academy,
      amount: formatCents(invoice.amountCents),
      description: invoice.description,
      reason,
      link: billingLink(invoice),
      nextAttempt: next,
    }),
  )
}

/**
 * Stripe's webhook about an autopay charge that was still processing when the job made it
 * (payment_intent.succeeded or payment_intent.payment_failed): the attempt is settled, so a
 * failure is retried on schedule instead of blocking the invoice's autopay for good, and the
 * family gets the same decline email as for a card declined at once.
 */
export async function settleAutopayFromWebhook(payload: Payload, intent: Stripe.PaymentIntent, outcome: 'succeeded' | 'failed'): Promise<void> {
  const invoiceId = Number(intent.metadata?.invoiceId)
  const attempt = Number(intent.metadata?.autopayAttempt)
  if (!Number.isInteger(invoiceId) || !Number.isInteger(attempt)) return
  const { docs } = await payload.find({
    collection: 'autopay-attempts',
    where: { and: [{ invoiceId: { equals: invoiceId } }, { attempt: { equals: attempt } }] },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  const row = docs[0] as AutopayAttempt | undefined
  if (!row || (row.paymentIntentId && row.paymentIntentId !== intent.id)) return
  if (outcome === 'succeeded') {
    await settleOnce(payload, row.id, { status: 'succeeded', paymentIntentId: intent.id })
    return
  }
  const reason = (intent.last_payment_error?.message || 'Your card was declined.').slice(0, 500)
  if (!(await settleOnce(payload, row.id, { status: 'failed', paymentIntentId: intent.id, failureMessage: reason }))) return
  const invoice = (await payload.findByID({ collection: 'invoices', id: invoiceId, overrideAccess: true, depth: 0, disableErrors: true })) as Invoice | null
  if (!invoice || invoice.status === 'paid' || invoice.status === 'cancelled') return
  await mailDecline(payload, invoice, reason, facts((await attemptsOf(payload, [invoiceId])).get(invoiceId) ?? []))
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
    intent = await stripe.paymentIntents.create(
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
      { idempotencyKey: `academy-autopay-${invoice.id}-${attempt}-${invoice.amountCents}` },
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
    await mailFamily(payload, invoice.userId, (user, academy) =>
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
 * every family with autopay on and a saved card, each unpaid tuition invoice whose attempt is
 * due today (src/shared/autopay.ts) is charged off-session. Running it twice, or in two
 * processes at once, charges nothing twice: each (invoice, attempt) is claimed by one row.
 */
export async function chargeDueAutopay(payload: Payload, options: { now: Date }): Promise<AutopayRunResult> {
  const result: AutopayRunResult = { attempted: 0, succeeded: 0, failed: 0, requiresAction: 0 }
  const settings = await readPaymentSettings(payload)
  if (!settings.secretKey || settings.paymentsDisabled) {
    payload.logger.warn('[autopay] card payments are not configured or are disabled: nothing charged')
    return result
  }
  const stripe = stripeClient(settings.secretKey)
  const today = todayIso(options.now, timeZone())
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
    const [card] = await findCards(payload, userId)
    if (!card?.stripePaymentMethodId || !profile.stripeCustomerId) continue
    const invoices = await unpaidTuition(payload, userId, today)
    const attempts = await attemptsOf(
      payload,
      invoices.map((i) => i.id),
    )
    for (const invoice of invoices) {
      const earlier = facts(attempts.get(invoice.id) ?? [])
      const attempt = dueAttempt(day(invoice.dueDate), today, earlier)
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

/**
 * The statement's autopay part (GET /api/billing/statement): the card and the next charge, an
 * unpaid tuition invoice autopay will still charge or else the next month's estimate on its
 * billing day; null when autopay is off, or nothing is left for it to charge.
 */
export async function statementAutopay(
  payload: Payload,
  userId: number,
  next: { billingDate: string; estimatedCents: number } | null,
  now = new Date(),
): Promise<StatementAutopayDto | null> {
  const state = await readAutopayState(payload, userId, now)
  if (!state.enabled || !state.card) return null
  const card = { cardBrand: state.card.brand ? brandName(state.card.brand) : null, cardLast4: state.card.lastFour }
  const due = state.upcoming[0]
  if (due) return { ...card, chargeDate: due.date, amountCents: dollarsToCents(due.amount) }
  if (next) return { ...card, chargeDate: next.billingDate, amountCents: next.estimatedCents }
  return null
}
