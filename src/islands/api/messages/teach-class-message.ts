import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { MessageDto } from '#api/messages/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** After a cancellation or its undo: today's classes and the roster say whether the class meets. */
function useRefreshTeachDay() {
  const queryClient = useQueryClient()
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.teach.classes })
    await queryClient.invalidateQueries({ queryKey: ['teach', 'roster'] })
  }
}

/**
 * POST /api/teach/classes/:id/messages with `cancelledToday`: the two-tap notice to the class's
 * families (issue 25), which also takes today's meeting off their schedule (issue 41).
 */
export function useCancelClassToday() {
  const refresh = useRefreshTeachDay()
  return useMutation({
    mutationFn: (classId: number) => apiRequest<MessageDto>('POST', `/api/teach/classes/${classId}/messages`, { cancelledToday: true }),
    onSuccess: refresh,
  })
}

/** DELETE /api/teach/classes/:id/cancellation: today's class takes place after all, and the families are told. */
export function useUndoCancelToday() {
  const refresh = useRefreshTeachDay()
  return useMutation({
    mutationFn: (classId: number) => apiRequest<MessageDto>('DELETE', `/api/teach/classes/${classId}/cancellation`),
    onSuccess: refresh,
  })
}
