import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { DropDto } from '#api/self-service/schemas'
import { apiRequest } from '#islands/lib/http'
import { studentEnrollmentsQueryOptions } from '#islands/api/enrollment/list-student-enrollments'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/enrollments/{id}/drop: the student's last day in the class (decisions §16). */
export function dropEnrollment(id: number, lastDay: string): Promise<DropDto> {
  return apiRequest<DropDto>('POST', `/api/enrollments/${id}/drop`, { lastDay })
}

/** DELETE /api/enrollments/{id}/drop: undoes a drop that has not taken effect. */
export function undoDrop(id: number): Promise<DropDto> {
  return apiRequest<DropDto>('DELETE', `/api/enrollments/${id}/drop`)
}

function useRefreshAfterDrop() {
  const queryClient = useQueryClient()
  return async (studentId: number) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: studentEnrollmentsQueryOptions(studentId).queryKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
    ])
  }
}

export function useDropEnrollment() {
  const refresh = useRefreshAfterDrop()
  return useMutation({
    mutationFn: ({ id, lastDay }: { id: number; studentId: number; lastDay: string }) => dropEnrollment(id, lastDay),
    onSuccess: (_answer, { studentId }) => refresh(studentId),
  })
}

export function useUndoDrop() {
  const refresh = useRefreshAfterDrop()
  return useMutation({
    mutationFn: ({ id }: { id: number; studentId: number }) => undoDrop(id),
    onSuccess: (_answer, { studentId }) => refresh(studentId),
  })
}
