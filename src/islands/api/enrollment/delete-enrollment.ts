import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'
import { studentEnrollmentsQueryOptions } from './list-student-enrollments'
import { queryKeys } from '#islands/api/query-keys'

/** DELETE /api/enrollments/{id}. */
export function deleteEnrollment(id: number): Promise<{ message: string } | undefined> {
  return apiRequest<{ message: string } | undefined>('DELETE', `/api/enrollments/${id}`)
}

/** Spec §4: removing an enrollment refreshes that student's list (and the seats of the classes). */
export function useDeleteEnrollment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: { id: number; studentId: number }) => deleteEnrollment(id),
    onSuccess: async (_answer, { studentId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: studentEnrollmentsQueryOptions(studentId).queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
      ])
    },
  })
}
