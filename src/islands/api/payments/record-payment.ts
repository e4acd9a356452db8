import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { PaymentDto } from '#api/payments/schemas'
import { apiRequest } from '#islands/lib/http'
import { invoicesQueryOptions } from '#islands/api/invoices/list-invoices'
import { paymentsQueryOptions } from './list-payments'
import { statementQueryOptions } from '#islands/api/statements/get-statement'

export type RecordPaymentRequest = { invoiceId: number; paymentIntentId: string; cardholderName: string }

/**
 * POST /api/payments: tells the server a card payment succeeded. The server checks the
 * PaymentIntent with Stripe before it records anything or marks the invoice paid.
 */
export function recordPayment({ invoiceId, paymentIntentId, cardholderName }: RecordPaymentRequest): Promise<PaymentDto> {
  return apiRequest<PaymentDto>('POST', '/api/payments', {
    invoiceId,
    paymentIntentId,
    transactionId: paymentIntentId,
    method: 'stripe',
    metadata: { cardholderName, paymentIntentId },
  })
}

/** Whatever the answer, the charge may have changed the invoices, the history and the statement: all refresh. */
export function useRecordPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: recordPayment,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoicesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: paymentsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: statementQueryOptions().queryKey }),
      ]),
  })
}
