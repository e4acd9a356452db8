import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { UserDto } from '#api/accounts/auth.schemas'
import { apiRequest } from '#islands/lib/http'
import { usersQueryOptions } from './admin-list-users'

/** PATCH /api/users/{id}/status (admin): an inactive account cannot log in; its data is kept. */
export function setUserStatus({ id, isActive }: { id: number; isActive: boolean }): Promise<UserDto> {
  return apiRequest<UserDto>('PATCH', `/api/users/${id}/status`, { isActive })
}

export function useSetUserStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setUserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  })
}
