import { queryOptions, useQuery } from '@tanstack/react-query'

import type { UserDto } from '#api/accounts/auth.schemas'
import { ApiError, apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/user: the signed-in account, or null when signed out (401). */
export async function fetchCurrentUser(): Promise<UserDto | null> {
  try {
    return await apiRequest<UserDto>('GET', '/api/user')
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

export const currentUserQueryOptions = () => queryOptions({ queryKey: queryKeys.user, queryFn: fetchCurrentUser })

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions())
}
