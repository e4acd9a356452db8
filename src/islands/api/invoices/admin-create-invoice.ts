import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { CreateInvoiceInput, InvoiceDto } from '#api/invoices/schemas'
import { apiRequest } from '#islands/lib/http'
import { allInvoicesQueryOptions } from './admin-list-invoices'

/** POST /api/invoices (admin): amount in dollars, due date as YYYY-MM-DD. */
export function createInvoice(input: CreateInvoiceInput): Promise<InvoiceDto> {
  return apiRequest<InvoiceDto>('POST', '/api/invoices', input)
}

export function useCreateInvoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allInvoicesQueryOptions().queryKey }),
  })
}
