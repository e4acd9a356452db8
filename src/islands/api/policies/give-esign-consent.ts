import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { SignatureDto } from '#api/policies/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/policies/consent: the guardian's one consent to sign electronically. */
export function useGiveEsignConsent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (fullName: string) => apiRequest<SignatureDto>('POST', '/api/policies/consent', { fullName }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.policies.all }),
  })
}
