import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** DELETE /api/absences/{id}: withdraws the family's own report of a day still to come. */
export function cancelAbsence(id: number): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('DELETE', `/api/absences/${id}`)
}

export function useCancelAbsence() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: { id: number; studentId: number }) => cancelAbsence(id),
    onSuccess: (_answer, { studentId }) => queryClient.invalidateQueries({ queryKey: queryKeys.absences.ofStudent(studentId) }),
  })
}
