import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { InvoiceStatus } from '#api/invoices/billing.schemas'
import type { InvoiceDto } from '#api/invoices/schemas'
import { apiRequest } from '#islands/lib/http'
import { allInvoicesQueryOptions } from './admin-list-invoices'
import { queryKeys } from '#islands/api/query-keys'

/** PATCH /api/invoices/{id}/status (admin). */
export function updateInvoiceStatus({ id, status }: { id: number; status: InvoiceStatus }): Promise<InvoiceDto> {
  return apiRequest<InvoiceDto>('PATCH', `/api/invoices/${id}/status`, { status })
}

export function useUpdateInvoiceStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateInvoiceStatus,
    // The month's figures and the statements count invoices too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: allInvoicesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.tuitionSummaries }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.statements }),
      ]),
  })
}
