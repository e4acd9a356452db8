import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

export type DeletedClass = { message: string; removedEnrollments: number }

/** DELETE /api/classes/{id} (admin): its enrollments are removed with it (decisions §2). */
export function deleteClass(id: number): Promise<DeletedClass> {
  return apiRequest<DeletedClass>('DELETE', `/api/classes/${id}`)
}

export function useDeleteClass() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteClass,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.classes.all })
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.enrollments })
    },
  })
}
