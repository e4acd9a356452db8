import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { CreateCreditInput, CreditDto } from '#api/invoices/credits.schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/admin/credits (admin): amount in integer cents. */
export function createCredit(input: CreateCreditInput): Promise<CreditDto> {
  return apiRequest<CreditDto>('POST', '/api/admin/credits', input)
}

export function useCreateCredit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCredit,
    onSuccess: (credit) => queryClient.invalidateQueries({ queryKey: queryKeys.admin.credits.ofFamily(credit.userId) }),
  })
}
