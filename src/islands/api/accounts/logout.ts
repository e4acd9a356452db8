import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'

/** POST /api/logout: ends the session and clears the cookie. */
export function logout(): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', '/api/logout')
}

/** Spec §4: logging out clears every cached answer, so nothing of the family stays in memory. */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: logout, onSuccess: () => queryClient.clear() })
}
