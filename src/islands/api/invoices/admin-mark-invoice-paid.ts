import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { InvoiceDto, MarkPaidOfflineInput } from '#api/invoices/schemas'
import type { PaymentDto } from '#api/payments/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/admin/invoices/{id}/mark-paid (admin): a payment received by cash, cheque or bank transfer. */
export function markInvoicePaidOffline({ id, ...input }: MarkPaidOfflineInput & { id: number }): Promise<{ invoice: InvoiceDto; payment: PaymentDto }> {
  return apiRequest<{ invoice: InvoiceDto; payment: PaymentDto }>('POST', `/api/admin/invoices/${id}/mark-paid`, input)
}

export function useMarkInvoicePaidOffline() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markInvoicePaidOffline,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.admin.invoices }), queryClient.invalidateQueries({ queryKey: queryKeys.payments })]),
  })
}
