import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'
import { allEnrollmentsQueryOptions } from './admin-list-enrollments'
import { queryKeys } from '#islands/api/query-keys'

/** DELETE /api/enrollments/{id}: takes a student out of a class. */
export function deleteEnrollment(id: number): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('DELETE', `/api/enrollments/${id}`)
}

export function useDeleteEnrollment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteEnrollment,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: allEnrollmentsQueryOptions().queryKey })
      // The Students tab's pages carry each student's count of classes, its rows their classes.
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.students })
      await queryClient.invalidateQueries({ queryKey: queryKeys.enrollments.all })
      await queryClient.invalidateQueries({ queryKey: queryKeys.classes.all })
    },
  })
}
