import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'
import { allInvoicesQueryOptions } from './admin-list-invoices'

/** DELETE /api/invoices/{id} (admin). */
export function deleteInvoice(id: number): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('DELETE', `/api/invoices/${id}`)
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allInvoicesQueryOptions().queryKey }),
  })
}
