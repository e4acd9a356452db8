import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { ReversePaymentInput } from '#api/invoices/final.schemas'
import type { InvoiceDto } from '#api/invoices/schemas'
import type { PaymentDto } from '#api/payments/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/admin/invoices/{id}/reverse-payment (admin): the payment reversed (a card one refunded), the invoice pending again. */
export function reverseInvoicePayment({ id, ...input }: ReversePaymentInput & { id: number }): Promise<{ invoice: InvoiceDto; payments: PaymentDto[] }> {
  return apiRequest<{ invoice: InvoiceDto; payments: PaymentDto[] }>('POST', `/api/admin/invoices/${id}/reverse-payment`, input)
}

export function useReverseInvoicePayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reverseInvoicePayment,
    // The invoice is owed again: the payments, the month's figures and the statements change with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.invoices }),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.tuitionSummaries }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.statements }),
      ]),
  })
}
