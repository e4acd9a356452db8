import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'

export type ResetPasswordBody = { token: string; newPassword: string }

/** POST /api/reset-password: 200 {message}, or 400 {message} for a bad or used link. */
export function resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', '/api/reset-password', body)
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
