import type { Payload, PayloadRequest } from 'payload'

import type { PaymentConfig } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { openSecret, sealSecret } from '#server/secret-box.server'
import { badInput } from '#api/errors'
import {
  isMaskedSecretKey,
  maskSecretKey,
  STRIPE_SECRET_KEY_REQUIRED,
  type AdminStripeConfigDto,
  type PublicStripeConfigDto,
  type StripeConfigInput,
} from './schemas'

/** HKDF info and GCM associated data of the stored Stripe secret key. */
const SECRET_KEY_PURPOSE = 'payment-config.stripe-secret-key'

/**
 * The effective payment settings: the `payment-config` global, with STRIPE_SECRET_KEY,
 * STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET overriding it (decisions §5). Server-only:
 * it carries the secret key in clear and must never be returned as is.
 */
export type PaymentSettings = {
  publicKey: string | null
  secretKey: string | null
  secretKeySource: 'environment' | 'settings' | null
  webhookSecret: string | null
  paymentsDisabled: boolean
  testMode: boolean
  subscriptionEnabled: boolean
  subscriptionPriceId: string | null
}

let warnedUnreadableKey = false

async function readStoredConfig(payload: Payload, req?: PayloadRequest): Promise<PaymentConfig> {
  return (await payload.findGlobal({ slug: 'payment-config', overrideAccess: true, showHiddenFields: true, depth: 0, req })) as PaymentConfig
}

function decryptStoredKey(payload: Payload, sealed: string | null | undefined): string | null {
  if (!sealed) return null
  try {
    return openSecret(sealed, payload.config.secret, SECRET_KEY_PURPOSE)
  } catch (error) {
    if (!warnedUnreadableKey) {
      warnedUnreadableKey = true
      payload.logger.warn(`[payments] the saved Stripe secret key cannot be read (${(error as Error).message}); enter it again in the admin console`)
    }
    return null
  }
}

export async function readPaymentSettings(payload: Payload, req?: PayloadRequest): Promise<PaymentSettings> {
  const { env } = getAppContext()
  const stored = await readStoredConfig(payload, req)
  const storedKey = env.STRIPE_SECRET_KEY ? null : decryptStoredKey(payload, stored.secretKeyEncrypted)
  const secretKey = env.STRIPE_SECRET_KEY || storedKey
  return {
    publicKey: env.STRIPE_PUBLISHABLE_KEY || stored.publicKey || null,
    secretKey,
    secretKeySource: env.STRIPE_SECRET_KEY ? 'environment' : storedKey ? 'settings' : null,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    paymentsDisabled: stored.paymentsDisabled === true,
    // Test mode is on unless the configuration says otherwise (spec §4).
    testMode: stored.testMode !== false,
    subscriptionEnabled: stored.subscriptionEnabled === true,
    subscriptionPriceId: stored.subscriptionPriceId || null,
  }
}

export function toPublicStripeConfigDto(settings: PaymentSettings): PublicStripeConfigDto {
  return {
    publicKey: settings.publicKey,
    paymentsDisabled: settings.paymentsDisabled,
    testMode: settings.testMode,
    subscriptionEnabled: settings.subscriptionEnabled,
  }
}

export function toAdminStripeConfigDto(settings: PaymentSettings): AdminStripeConfigDto {
  return {
    ...toPublicStripeConfigDto(settings),
    secretKey: settings.secretKey ? maskSecretKey(settings.secretKey) : null,
    subscriptionPriceId: settings.subscriptionPriceId,
    secretKeySource: settings.secretKeySource,
    webhookConfigured: settings.webhookSecret !== null,
  }
}

/**
 * Saves the admin's Stripe settings. The secret key is stored sealed, with a masked hint; the
 * masked value the admin was shown, sent back unchanged, keeps the current key.
 */
export async function savePaymentConfig(req: PayloadRequest, input: StripeConfigInput): Promise<AdminStripeConfigDto> {
  const current = await readPaymentSettings(req.payload, req)
  const data: Partial<PaymentConfig> = {
    publicKey: input.stripePublicKey,
    subscriptionEnabled: input.enableSubscriptions,
    subscriptionPriceId: input.subscriptionPriceId,
    testMode: input.testMode ?? input.stripePublicKey.startsWith('pk_test_'),
  }
  if (isMaskedSecretKey(input.stripeSecretKey)) {
    if (!current.secretKey) throw badInput(STRIPE_SECRET_KEY_REQUIRED, [{ path: 'stripeSecretKey', message: STRIPE_SECRET_KEY_REQUIRED }])
    if (maskSecretKey(current.secretKey) !== input.stripeSecretKey) {
      const message = 'Please enter the full Stripe Secret Key.'
      throw badInput(message, [{ path: 'stripeSecretKey', message }])
    }
  } else {
    data.secretKeyEncrypted = sealSecret(input.stripeSecretKey, req.payload.config.secret, SECRET_KEY_PURPOSE)
    data.secretKeyHint = maskSecretKey(input.stripeSecretKey)
  }
  // The hidden secret field is writable by nobody through Payload's access rules: only here.
  await req.payload.updateGlobal({ slug: 'payment-config', data, overrideAccess: true, depth: 0, req })
  return toAdminStripeConfigDto(await readPaymentSettings(req.payload, req))
}

/** The global payments switch; it applies to the next request (nothing caches it). */
export async function setPaymentsDisabled(req: PayloadRequest, paymentsDisabled: boolean): Promise<{ paymentsDisabled: boolean }> {
  await req.payload.updateGlobal({ slug: 'payment-config', data: { paymentsDisabled }, overrideAccess: true, depth: 0, req })
  const settings = await readPaymentSettings(req.payload, req)
  return { paymentsDisabled: settings.paymentsDisabled }
}
