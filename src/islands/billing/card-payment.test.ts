import type { PaymentIntent, StripeCardElement, StripeError } from '@stripe/stripe-js'
import { describe, expect, it, vi } from 'vitest'

import { ApiError } from '#islands/lib/http'
import {
  cardErrorMessage,
  PAYMENT_MESSAGES,
  PaymentFailure,
  payInvoiceByCard,
  paymentFailureText,
  waitForCardElement,
  type CardPaymentRequest,
} from './card-payment'

const card = {} as StripeCardElement
const intent = (status: PaymentIntent['status'], id = 'pi_123') => ({ id, status }) as PaymentIntent
const stripeError = (fields: Partial<StripeError>) => ({ type: 'card_error', message: '', ...fields }) as StripeError

type Overrides = Omit<Partial<CardPaymentRequest>, 'stripe'> & { stripe?: Record<string, unknown> }

function request(overrides: Overrides = {}) {
  const stripe = {
    createPaymentMethod: vi.fn().mockResolvedValue({ paymentMethod: { id: 'pm_1' } }),
    confirmCardPayment: vi.fn().mockResolvedValue({ paymentIntent: intent('succeeded') }),
    handleCardAction: vi.fn().mockResolvedValue({ paymentIntent: intent('succeeded') }),
    ...overrides.stripe,
  }
  const calls = {
    createIntent: vi.fn().mockResolvedValue({ clientSecret: 'pi_123_secret_abc', paymentIntentId: 'pi_123' }),
    recordPayment: vi.fn().mockResolvedValue({}),
    logError: vi.fn(),
  }
  const { stripe: _ignored, ...rest } = overrides
  return { stripe, calls, req: { card, invoiceId: 7, amount: 120, cardholderName: 'Ana Rivera', ...calls, ...rest, stripe } as unknown as CardPaymentRequest }
}

describe('the card payment flow (spec §4)', () => {
  it('creates a payment method, asks the server for an intent, confirms the card, then reports the payment', async () => {
    const { stripe, calls, req } = request()
    await expect(payInvoiceByCard(req)).resolves.toEqual({ paymentIntentId: 'pi_123', recorded: true })
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card, billing_details: { name: 'Ana Rivera' } })
    expect(calls.createIntent).toHaveBeenCalledWith({ invoiceId: 7, amount: 120 })
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_abc', { payment_method: 'pm_1' })
    expect(calls.recordPayment).toHaveBeenCalledWith({ invoiceId: 7, paymentIntentId: 'pi_123', cardholderName: 'Ana Rivera' })
  })

  it('says a declined card was declined, and reports nothing to the server', async () => {
    const { calls, req } = request({
      stripe: { confirmCardPayment: vi.fn().mockResolvedValue({ error: stripeError({ code: 'card_declined', message: 'Your card was declined.' }) }) },
    })
    await expect(payInvoiceByCard(req)).rejects.toThrow('Your card was declined. Please use a different payment method.')
    expect(calls.recordPayment).not.toHaveBeenCalled()
  })

  it('explains a card that requires authentication', async () => {
    const { req } = request({ stripe: { confirmCardPayment: vi.fn().mockResolvedValue({ error: stripeError({ code: 'authentication_required' }) }) } })
    await expect(payInvoiceByCard(req)).rejects.toThrow(PAYMENT_MESSAGES.authenticationRequired)
  })

  it("shows Stripe's own sentence for other card errors, else 'Your card was declined'", () => {
    expect(cardErrorMessage(stripeError({ code: 'expired_card', message: 'Your card has expired.' }))).toBe('Your card has expired.')
    expect(cardErrorMessage(stripeError({ code: 'processing_error', message: '' }))).toBe('Your card was declined')
  })

  it("reports other confirmation errors as 'Payment confirmation failed: …'", async () => {
    const { req } = request({
      stripe: { confirmCardPayment: vi.fn().mockResolvedValue({ error: stripeError({ type: 'invalid_request_error', message: 'No such payment_intent' }) }) },
    })
    await expect(payInvoiceByCard(req)).rejects.toThrow('Payment confirmation failed: No such payment_intent')
  })

  it('reports a confirmation that throws, and one that returns nothing', async () => {
    const thrown = request({ stripe: { confirmCardPayment: vi.fn().mockRejectedValue(new Error('network down')) } })
    await expect(payInvoiceByCard(thrown.req)).rejects.toThrow('Payment confirmation failed: network down')
    const empty = request({ stripe: { confirmCardPayment: vi.fn().mockResolvedValue(undefined) } })
    await expect(payInvoiceByCard(empty.req)).rejects.toThrow('Payment confirmation failed with no result')
  })

  it("treats any status other than succeeded as 'Payment failed with status: {status}'", async () => {
    const { calls, req } = request({ stripe: { confirmCardPayment: vi.fn().mockResolvedValue({ paymentIntent: intent('processing') }) } })
    await expect(payInvoiceByCard(req)).rejects.toThrow('Payment failed with status: processing')
    expect(calls.recordPayment).not.toHaveBeenCalled()
  })

  it('completes an intent still waiting for 3D Secure through handleCardAction', async () => {
    const { stripe, req } = request({ stripe: { confirmCardPayment: vi.fn().mockResolvedValue({ paymentIntent: intent('requires_action') }) } })
    await expect(payInvoiceByCard(req)).resolves.toMatchObject({ recorded: true })
    expect(stripe.handleCardAction).toHaveBeenCalledWith('pi_123_secret_abc')
  })

  it("shows the server's reason when no intent can be created, else 'Failed to create payment intent'", async () => {
    const refused = request({ createIntent: vi.fn().mockRejectedValue(new ApiError(403, 'Payments are currently disabled', '403')) })
    await expect(payInvoiceByCard(refused.req)).rejects.toThrow('Payments are currently disabled')
    expect(refused.stripe.confirmCardPayment).not.toHaveBeenCalled()
    const broken = request({ createIntent: vi.fn().mockRejectedValue(new ApiError(0, null, 'Could not reach the server.')) })
    await expect(payInvoiceByCard(broken.req)).rejects.toThrow('Failed to create payment intent')
  })

  it('stops at an incomplete card before any call to the server', async () => {
    const { calls, req } = request({
      stripe: {
        createPaymentMethod: vi
          .fn()
          .mockResolvedValue({ error: stripeError({ type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' }) }),
      },
    })
    await expect(payInvoiceByCard(req)).rejects.toThrow('Your card number is incomplete.')
    expect(calls.createIntent).not.toHaveBeenCalled()
  })

  it('still counts the payment as successful when reporting it to the server fails (only logged)', async () => {
    const { calls, req } = request({ recordPayment: vi.fn().mockRejectedValue(new Error('502')) })
    await expect(payInvoiceByCard(req)).resolves.toEqual({ paymentIntentId: 'pi_123', recorded: false })
    expect(calls.logError).toHaveBeenCalledOnce()
  })

  it("gives the 'Payment Failed' text: the flow's message, else the fallback", () => {
    expect(paymentFailureText(new PaymentFailure('Your card was declined'))).toBe('Your card was declined')
    expect(paymentFailureText('???')).toBe('There was an error processing your payment. Please try again.')
  })
})

describe('waiting for the card box (spec §9)', () => {
  it('waits 2000 ms once more, then gives up with the refresh message', async () => {
    const sleep = vi.fn().mockResolvedValue(undefined)
    await expect(waitForCardElement(() => null, undefined, sleep)).rejects.toThrow('Payment form not properly loaded. Please refresh the page and try again.')
    expect(sleep).toHaveBeenCalledWith(2000)
  })

  it('uses the box as soon as it appears', async () => {
    let found: string | null = null
    const sleep = vi.fn(async () => {
      found = 'card'
    })
    await expect(waitForCardElement(() => found, undefined, sleep)).resolves.toBe('card')
    await expect(waitForCardElement(() => 'ready', undefined, sleep)).resolves.toBe('ready')
    expect(sleep).toHaveBeenCalledOnce()
  })
})
