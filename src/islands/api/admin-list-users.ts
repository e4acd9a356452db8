import { queryOptions, useQuery } from '@tanstack/react-query'

import type { UserDto } from '#api/accounts/auth.schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from './query-keys'

/** GET /api/users (admin): every account, newest first. */
export function fetchUsers(): Promise<UserDto[]> {
  return apiRequest<UserDto[]>('GET', '/api/users')
}

export const usersQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.users, queryFn: fetchUsers })

/** `fresh`: refetch on mount whatever the cache holds (a picker must list an account made a minute ago). */
export function useUsers({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(), ...(fresh ? { staleTime: 0 } : {}) })
}
