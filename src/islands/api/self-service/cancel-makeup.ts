import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** DELETE /api/makeups/{id}: gives the makeup place back. */
export function cancelMakeup(id: number): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('DELETE', `/api/makeups/${id}`)
}

export function useCancelMakeup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: { id: number; studentId: number }) => cancelMakeup(id),
    onSuccess: (_answer, { studentId }) => queryClient.invalidateQueries({ queryKey: queryKeys.absences.ofStudent(studentId) }),
  })
}
