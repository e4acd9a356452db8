import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { InvoiceStatus } from '#api/schemas/billing'
import type { InvoiceDto } from '#api/schemas/invoices'
import { apiRequest } from '#islands/lib/http'
import { allInvoicesQueryOptions } from './admin-list-invoices'

/** PATCH /api/invoices/{id}/status (admin). */
export function updateInvoiceStatus({ id, status }: { id: number; status: InvoiceStatus }): Promise<InvoiceDto> {
  return apiRequest<InvoiceDto>('PATCH', `/api/invoices/${id}/status`, { status })
}

export function useUpdateInvoiceStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateInvoiceStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allInvoicesQueryOptions().queryKey }),
  })
}
