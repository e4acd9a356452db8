import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { SignatureDto, SignInput } from '#api/policies/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/policies/{id}/sign: the current version, for a student (none: the household). */
export function signPolicy({ documentId, input }: { documentId: number; input: SignInput }): Promise<SignatureDto> {
  return apiRequest<SignatureDto>('POST', `/api/policies/${documentId}/sign`, input)
}

export function useSignPolicy() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: signPolicy, onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.policies.all }) })
}
