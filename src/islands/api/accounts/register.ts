import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { RegisterInput, UserDto } from '#api/accounts/auth.schemas'
import { apiRequest } from '#islands/lib/http'
import { currentUserQueryOptions } from './current-user'

/** POST /api/register: creates the account and signs it in (the confirmation is never sent). */
export function register(input: RegisterInput): Promise<UserDto> {
  return apiRequest<UserDto>('POST', '/api/register', input)
}

/** Spec §4: registration clears the cache, then stores the new user. */
export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.clear()
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user)
    },
  })
}
