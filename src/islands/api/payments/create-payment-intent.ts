import { useMutation } from '@tanstack/react-query'

import type { PaymentIntentDto } from '#api/payments/schemas'
import { apiRequest } from '#islands/lib/http'

/**
 * POST /api/stripe/create-payment-intent: a PaymentIntent for one of the family's own invoices.
 * The server charges the invoice's amount whatever is sent (decisions §5); the spec's `amount`
 * and `currency` travel along only because the contract lists them.
 */
export function createPaymentIntent(input: { invoiceId: number; amount: number }): Promise<PaymentIntentDto> {
  return apiRequest<PaymentIntentDto>('POST', '/api/stripe/create-payment-intent', { ...input, currency: 'USD' })
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent })
}
