import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { InvoiceDto, VoidInvoiceInput } from '#api/invoices/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/admin/invoices/{id}/void (admin): cancelled, with the reason recorded. */
export function voidInvoice({ id, ...input }: VoidInvoiceInput & { id: number }): Promise<InvoiceDto> {
  return apiRequest<InvoiceDto>('POST', `/api/admin/invoices/${id}/void`, input)
}

export function useVoidInvoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: voidInvoice,
    // A void gives back the credits the invoice used and voids its late fees.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.invoices }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.credits.all }),
      ]),
  })
}
