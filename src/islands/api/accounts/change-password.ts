import { useMutation } from '@tanstack/react-query'

import type { ChangePasswordInput } from '#api/accounts/schemas'
import { apiRequest } from '#islands/lib/http'

/** PATCH /api/user/password: the current password and a new one (the confirmation is never sent). */
export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('PATCH', '/api/user/password', input)
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
