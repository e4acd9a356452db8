import { describe, expect, it } from 'vitest'

import { isMaskedSecretKey, maskSecretKey, recordPaymentSchema, stripeConfigSchema } from './schemas'

describe('Stripe key masking', () => {
  it('keeps the prefix and the last four characters only', () => {
    expect(maskSecretKey('sk_test_51AbcDefGhi1234')).toBe('sk_test_…1234')
    expect(maskSecretKey('rk_live_51AbcDefGhi9876')).toBe('rk_live_…9876')
    expect(isMaskedSecretKey('sk_test_…1234')).toBe(true)
    expect(isMaskedSecretKey('sk_test_51AbcDefGhi1234')).toBe(false)
  })
})

describe('stripeConfigSchema', () => {
  it('accepts a masked secret key in place of the key, and defaults subscriptions off', () => {
    const parsed = stripeConfigSchema.parse({ stripePublicKey: 'pk_test_51Abcdefgh', stripeSecretKey: 'sk_test_…1234' })
    expect(parsed).toMatchObject({ enableSubscriptions: false, subscriptionPriceId: null })
  })

  it('refuses mixed test and live keys', () => {
    const result = stripeConfigSchema.safeParse({ stripePublicKey: 'pk_live_51Abcdefgh', stripeSecretKey: 'sk_test_51Abcdefgh' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('The public and secret keys must both be test keys or both be live keys')
  })
})

describe('recordPaymentSchema', () => {
  it('takes the intent id from paymentIntentId, transactionId or the metadata, and ignores amount and status', () => {
    const base = { invoiceId: '7', amount: 1, status: 'completed', userId: 99 }
    expect(recordPaymentSchema.parse({ ...base, transactionId: 'pi_123' })).toEqual({ invoiceId: 7, paymentIntentId: 'pi_123', cardholderName: null })
    expect(recordPaymentSchema.parse({ ...base, metadata: JSON.stringify({ cardholderName: ' Ana ', paymentIntentId: 'pi_456' }) })).toEqual({
      invoiceId: 7,
      paymentIntentId: 'pi_456',
      cardholderName: 'Ana',
    })
    expect(recordPaymentSchema.parse({ ...base, paymentIntentId: 'pi_789', metadata: { cardholderName: 'Bo' } })).toMatchObject({
      paymentIntentId: 'pi_789',
      cardholderName: 'Bo',
    })
  })

  it('requires an invoice and a well-formed intent id', () => {
    expect(recordPaymentSchema.safeParse({ transactionId: 'pi_1' }).error?.issues[0]?.message).toBe('Invoice ID is required')
    expect(recordPaymentSchema.safeParse({ invoiceId: 1 }).error?.issues[0]?.message).toBe('Payment intent ID is required')
    expect(recordPaymentSchema.safeParse({ invoiceId: 1, transactionId: 'ch_1' }).error?.issues[0]?.message).toBe('Payment intent ID is not valid')
  })
})
