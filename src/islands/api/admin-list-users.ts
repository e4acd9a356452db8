import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type { UserPageDto } from '#api/accounts/admin-users.schemas'
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

/** The Users tab's search (issue 23): a name, a child's name or an email; empty lists everyone. */
export type UserSearch = { q: string; page: number; pageSize: number }

/** GET /api/users?…: one page of the accounts that match, newest first. */
export function fetchUserPage(search: UserSearch): Promise<UserPageDto> {
  const params = new URLSearchParams({ page: String(search.page), pageSize: String(search.pageSize) })
  if (search.q.trim()) params.set('q', search.q.trim())
  return apiRequest<UserPageDto>('GET', `/api/users?${params}`)
}

export const userPageQueryOptions = (search: UserSearch) =>
  queryOptions({
    queryKey: queryKeys.admin.userPage(`${search.q.trim()}|${search.page}|${search.pageSize}`),
    queryFn: () => fetchUserPage(search),
    placeholderData: keepPreviousData,
  })

export function useUserPage(search: UserSearch) {
  return useQuery(userPageQueryOptions(search))
}
