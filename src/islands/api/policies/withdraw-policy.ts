import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { SignatureDto } from '#api/policies/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/policies/{id}/withdraw: takes back the signature of a student (none: the household's). */
export function withdrawPolicy({ documentId, studentId }: { documentId: number; studentId?: number }): Promise<SignatureDto> {
  return apiRequest<SignatureDto>('POST', `/api/policies/${documentId}/withdraw`, studentId === undefined ? {} : { studentId })
}

export function useWithdrawPolicy() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: withdrawPolicy, onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.policies.all }) })
}

/** Where the PDF of a signature, as it was signed, is downloaded. */
export function signedCopyHref(signatureId: number): string {
  return `/api/policies/signatures/${signatureId}.pdf`
}
