import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { CreditDto } from '#api/invoices/credits.schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/admin/credits/{id}/cancel (admin): what is left of the credit is never used. */
export function cancelCredit(id: number): Promise<CreditDto> {
  return apiRequest<CreditDto>('POST', `/api/admin/credits/${id}/cancel`)
}

export function useCancelCredit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelCredit,
    onSuccess: (credit) => queryClient.invalidateQueries({ queryKey: queryKeys.admin.credits.ofFamily(credit.userId) }),
  })
}
