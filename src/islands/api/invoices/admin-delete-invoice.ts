import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'
import { allInvoicesQueryOptions } from './admin-list-invoices'
import { queryKeys } from '#islands/api/query-keys'

/** DELETE /api/invoices/{id} (admin). */
export function deleteInvoice(id: number): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('DELETE', `/api/invoices/${id}`)
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteInvoice,
    // The month's figures and the statements count invoices too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: allInvoicesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.tuitionSummaries }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.statements }),
      ]),
  })
}
