import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { UserDto } from '#api/accounts/auth.schemas'
import { apiRequest } from '#islands/lib/http'
import { usersQueryOptions } from './admin-list-users'
import { queryKeys } from '#islands/api/query-keys'

/** PATCH /api/users/{id}/teacher (admin): makes an account a teacher, or not (decisions §9). */
export function setUserTeacher({ id, isTeacher }: { id: number; isTeacher: boolean }): Promise<UserDto> {
  return apiRequest<UserDto>('PATCH', `/api/users/${id}/teacher`, { isTeacher })
}

export function useSetUserTeacher() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setUserTeacher,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey })
      // The class form's teacher select lists teacher accounts.
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.teachers })
    },
  })
}
