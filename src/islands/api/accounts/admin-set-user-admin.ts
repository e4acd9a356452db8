import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { UserDto } from '#api/accounts/auth.schemas'
import { apiRequest } from '#islands/lib/http'
import { usersQueryOptions } from './admin-list-users'

/** PATCH /api/users/{id}/admin (admin): grants or revokes administrator privileges. */
export function setUserAdmin({ id, isAdmin }: { id: number; isAdmin: boolean }): Promise<UserDto> {
  return apiRequest<UserDto>('PATCH', `/api/users/${id}/admin`, { isAdmin })
}

export function useSetUserAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setUserAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  })
}
