import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type { UserPageDto } from '#api/accounts/admin-users.schemas'
import type { UserDto } from '#api/accounts/auth.schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/**
 * GET /api/users (admin): every account, newest first. No island loads it (issue 23: pickers
 * search, lists page); its key is the prefix the user mutations invalidate.
 */
export function fetchUsers(): Promise<UserDto[]> {
  return apiRequest<UserDto[]>('GET', '/api/users')
}

export const usersQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.users, queryFn: fetchUsers })

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

/** How many matches a picker offers at once: typing more narrows them. */
export const PICKER_MATCHES = 8

/**
 * A picker's matches for what was typed (a name, a child's name, an email): the first page of
 * GET /api/users?q=, asked only once something was typed and always fresh (an account made a
 * minute ago is found).
 */
export function useUserMatches(q: string) {
  return useQuery({ ...userPageQueryOptions({ q, page: 1, pageSize: PICKER_MATCHES }), enabled: q.trim() !== '', staleTime: 0 })
}
