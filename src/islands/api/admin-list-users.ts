import { queryOptions, useQuery } from '@tanstack/react-query'

import type { UserDto } from '../../api/schemas/auth'
import { apiRequest } from '../lib/http'

/** GET /api/users (admin): every account, newest first. */
export function fetchUsers(): Promise<UserDto[]> {
  return apiRequest<UserDto[]>('GET', '/api/users')
}

export const usersQueryOptions = () => queryOptions({ queryKey: ['admin', 'users'], queryFn: fetchUsers })

export function useUsers() {
  return useQuery(usersQueryOptions())
}
