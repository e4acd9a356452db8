import { useMutation } from '@tanstack/react-query'

import type { PasswordResetRequestedDto, RequestPasswordResetInput } from '#api/accounts/schemas'
import { apiRequest } from '#islands/lib/http'

/** POST /api/request-password-reset: the same answer whether or not the email exists. */
export function requestPasswordReset(input: RequestPasswordResetInput): Promise<PasswordResetRequestedDto> {
  return apiRequest<PasswordResetRequestedDto>('POST', '/api/request-password-reset', input)
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
