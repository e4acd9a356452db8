import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'
import { usersQueryOptions } from './admin-list-users'
import { queryKeys } from '#islands/api/query-keys'

/** DELETE /api/users/{id} (admin): removes the family's students, enrollments and cards; invoices stay. */
export function deleteUser(id: number): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('DELETE', `/api/users/${id}`)
}

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey })
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.students })
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.enrollments })
      await queryClient.invalidateQueries({ queryKey: queryKeys.classes.all })
    },
  })
}
