import { type Payload, type PayloadRequest } from 'payload'
import Stripe from 'stripe'

import type { PaymentMethod, User } from '#cms/payload-types'
import { badInput, forbidden, notFound } from '#api/errors'
import {
  AUTOPAY_NEEDS_CARD,
  AUTOPAY_NOT_YOUR_CARD,
  NO_SAVED_CARD,
  SETUP_NOT_FINISHED,
  SETUP_NOT_YOURS,
  type AutopayStateDto,
  type AutopayToggleInput,
  type SaveCardInput,
  type SavedCardDto,
  type SetupIntentDto,
} from './schemas'
import { PAYMENTS_DISABLED } from '#api/payments/schemas'
import {
  createCustomer,
  createSetupIntent,
  detachPaymentMethod,
  readPaymentSettings,
  requireStripe,
  retrievePaymentMethod,
  retrieveSetupIntent,
  stripeClient,
  stripeFailure,
} from '#api/payments'
import { hitRateLimit } from '#api/lib/rate-limit'
import { findCards, findProfile, readAutopayState, toCardDto, withFamilyLock } from './autopay-state'
import { holderMetadata, type CardHolder, type CardKey } from './card-holder'

/**
 * The card vault: a holder's Stripe customer, the SetupIntent that saves a card, the saved card
 * itself (one per holder) and the autopay switch that needs it. A holder is the household, or a
 * guardian for their own card under split billing (card-holder.ts); each has its own customer.
 */
/** Whose card a SetupIntent was made for: a guardian's own says so in its metadata; any other is the household's. */
const scopeOf = (setupIntent: Stripe.SetupIntent): CardKey['scope'] => (setupIntent.metadata?.cardScope === 'guardian' ? 'guardian' : 'household')

async function stripeForFamilies(req: PayloadRequest): Promise<Stripe> {
  const settings = await readPaymentSettings(req.payload, req)
  if (settings.paymentsDisabled) throw forbidden(PAYMENTS_DISABLED)
  return requireStripe(settings)
}

async function customerTaken(payload: Payload, customerId: string, req: PayloadRequest): Promise<boolean> {
  const taken = await payload.count({ collection: 'billing-profiles', where: { stripeCustomerId: { equals: customerId } }, overrideAccess: true, req })
  return taken.totalDocs > 0
}

/** The holder's Stripe customer, made once (the lock and Stripe's idempotency key keep it one). */
async function ensureCustomer(payload: Payload, stripe: Stripe, holder: CardHolder): Promise<string> {
  const { user } = holder
  const own = holder.scope === 'guardian'
  return withFamilyLock(payload, holder, async (req) => {
    const profile = await findProfile(payload, holder, req)
    if (profile?.stripeCustomerId) return profile.stripeCustomerId
    const key = `academy-customer-${own ? 'guardian-' : ''}${user.id}-${Date.parse(user.createdAt)}`
    const create = async (idempotencyKey: string) => {
      try {
        return await createCustomer(stripe, { email: user.email, name: user.fullName, metadata: holderMetadata(holder) }, idempotencyKey)
      } catch (error) {
        throw stripeFailure(error)
      }
    }
    let customer: Stripe.Customer = await create(key)
    // A customer that left with the guardian who saved its card (decisions §39) is theirs now, and
    // Stripe replays a key's first answer: the holder's next customer is made with a key of its own.
    for (let again = 1; again <= 10 && (await customerTaken(payload, customer.id, req)); again++) customer = await create(`${key}-again-${again}`)
    if (profile) {
      await payload.update({ collection: 'billing-profiles', id: profile.id, data: { stripeCustomerId: customer.id }, overrideAccess: true, depth: 0, req })
    } else {
      await payload.create({
        collection: 'billing-profiles',
        data: { user: user.id, scope: holder.scope, stripeCustomerId: customer.id, autopayEnabled: false },
        overrideAccess: true,
        depth: 0,
        req,
      })
    }
    return customer.id
  })
}

/**
 * POST /api/autopay/setup-intent: a SetupIntent for the holder's Stripe customer, for the Payment
 * Element. Its metadata names the guardian saving the card (`savedBy`): the card is theirs (decisions §39).
 */
export async function createCardSetup(req: PayloadRequest, holder: CardHolder, saver: User): Promise<SetupIntentDto> {
  const { user } = holder
  const stripe = await stripeForFamilies(req)
  await hitRateLimit(
    req.payload,
    { name: 'card-setup', limit: 20, windowSeconds: 600, message: 'Too many attempts to save a card. Please wait a few minutes and try again.' },
    String(user.id),
  )
  const customer = await ensureCustomer(req.payload, stripe, holder)
  try {
    const setupIntent = await createSetupIntent(stripe, {
      customer,
      // Cards only, as for payments (decisions §5).
      allowed_payment_method_types: ['card'],
      usage: 'off_session',
      metadata: { ...holderMetadata(holder), savedBy: String(saver.id) },
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
  const key = { userId, scope: scopeOf(setupIntent) }
  const customerId = typeof setupIntent.customer === 'string' ? setupIntent.customer : (setupIntent.customer?.id ?? null)
  const profile = Number.isInteger(userId) && userId > 0 ? await findProfile(payload, key) : null
  if (!profile || !customerId || profile.stripeCustomerId !== customerId) throw notFound(SETUP_NOT_YOURS)
  const methodId = typeof setupIntent.payment_method === 'string' ? setupIntent.payment_method : setupIntent.payment_method.id
  // A SetupIntent made before the saver was recorded is the holder's account's.
  const savedBy = Number(setupIntent.metadata?.savedBy) > 0 ? Number(setupIntent.metadata?.savedBy) : userId

  let method: Stripe.PaymentMethod
  try {
    method = await retrievePaymentMethod(stripe, methodId)
  } catch (error) {
    throw stripeFailure(error, 'We could not find this card.')
  }
  const methodCustomer = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null)
  // A card detached since (replaced or removed) is not brought back by a late report.
  if (methodCustomer !== customerId) throw badInput('This card is no longer attached to your account. Please save it again.')

  const { saved, replaced } = await withFamilyLock(payload, key, async (req) => {
    const cards = await findCards(payload, key, req)
    const same = cards.find((card) => card.stripePaymentMethodId === method.id)
    if (same) return { saved: same, replaced: [] as PaymentMethod[] }
    const others = cards
    for (const old of others) await payload.delete({ collection: 'payment-methods', id: old.id, overrideAccess: true, req })
    const created = (await payload.create({
      collection: 'payment-methods',
      data: {
        user: userId,
        scope: key.scope,
        savedBy,
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
    await detachPaymentMethod(stripe, methodId)
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return
    payload.logger.error({ err: error, msg: `[autopay] card ${methodId} could not be detached at Stripe` })
  }
}

/** POST /api/autopay/card: the browser reports a confirmed SetupIntent; the server checks it with Stripe. */
export async function saveCard(req: PayloadRequest, holder: CardHolder, input: SaveCardInput): Promise<SavedCardDto> {
  const stripe = await stripeForFamilies(req)
  let setupIntent: Stripe.SetupIntent
  try {
    setupIntent = await retrieveSetupIntent(stripe, input.setupIntentId)
  } catch (error) {
    throw stripeFailure(error, SETUP_NOT_YOURS)
  }
  // Another family's SetupIntent, or one made for another holder's card, is answered as if it did not exist.
  if (setupIntent.metadata?.userId !== String(holder.userId) || scopeOf(setupIntent) !== holder.scope) throw notFound(SETUP_NOT_YOURS)
  return toCardDto(await saveCardFromSetupIntent(req.payload, stripe, setupIntent))!
}

/** The `setup_intent.succeeded` webhook: the same as the browser's report, for a family who closed the page. */
export async function saveCardFromWebhook(payload: Payload, setupIntent: Stripe.SetupIntent): Promise<void> {
  const settings = await readPaymentSettings(payload)
  if (!settings.secretKey) return
  await saveCardFromSetupIntent(payload, stripeClient(settings.secretKey), setupIntent)
}

/** DELETE /api/autopay/card: detached at Stripe first (nothing changes when Stripe cannot be reached), then forgotten; autopay turns off. */
export async function removeCard(req: PayloadRequest, holder: CardKey, caller: User): Promise<AutopayStateDto> {
  const cards = await findCards(req.payload, holder)
  if (cards.length === 0) throw notFound(NO_SAVED_CARD)
  const settings = await readPaymentSettings(req.payload, req)
  if (settings.secretKey) {
    const stripe = stripeClient(settings.secretKey)
    for (const card of cards) {
      if (!card.stripePaymentMethodId) continue
      try {
        await detachPaymentMethod(stripe, card.stripePaymentMethodId)
      } catch (error) {
        // Already detached or unknown at Stripe: the card is gone there anyway.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw stripeFailure(error)
      }
    }
  }
  await withFamilyLock(req.payload, holder, async (tx) => {
    for (const card of await findCards(req.payload, holder, tx))
      await req.payload.delete({ collection: 'payment-methods', id: card.id, overrideAccess: true, req: tx })
    const profile = await findProfile(req.payload, holder, tx)
    if (profile?.autopayEnabled)
      await req.payload.update({ collection: 'billing-profiles', id: profile.id, data: { autopayEnabled: false }, overrideAccess: true, depth: 0, req: tx })
  })
  return readAutopayState(req.payload, holder, caller.id)
}

/** PUT /api/autopay: autopay on (only with a saved card, by the guardian who saved it: decisions §39) or off (by any). */
export async function setAutopay(req: PayloadRequest, holder: CardKey, input: AutopayToggleInput, caller: User): Promise<AutopayStateDto> {
  await withFamilyLock(req.payload, holder, async (tx) => {
    const cards = await findCards(req.payload, holder, tx)
    if (input.enabled && cards.length === 0) throw badInput(AUTOPAY_NEEDS_CARD)
    if (input.enabled && cards.some((card) => (card.savedBy ?? holder.userId) !== caller.id)) throw forbidden(AUTOPAY_NOT_YOUR_CARD)
    const profile = await findProfile(req.payload, holder, tx)
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
        data: { user: holder.userId, scope: holder.scope, autopayEnabled: input.enabled },
        overrideAccess: true,
        depth: 0,
        req: tx,
      })
    }
  })
  return readAutopayState(req.payload, holder, caller.id)
}
