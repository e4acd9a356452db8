import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { LoginInput, UserDto } from '#api/accounts/auth.schemas'
import { apiRequest } from '#islands/lib/http'
import { currentUserQueryOptions } from './current-user'

/** POST /api/login (username or email, and password). */
export function login(input: LoginInput): Promise<UserDto> {
  return apiRequest<UserDto>('POST', '/api/login', input)
}

/** Spec §4: a successful login caches the user and refreshes everything else. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user)
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'user' })
    },
  })
}
