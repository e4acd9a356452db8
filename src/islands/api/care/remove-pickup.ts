import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { PickupDto } from '#api/care/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** DELETE /api/students/{id}/pickups/{pickupId} */
export function removePickup({ studentId, pickupId }: { studentId: number; pickupId: number }): Promise<PickupDto> {
  return apiRequest<PickupDto>('DELETE', `/api/students/${studentId}/pickups/${pickupId}`)
}

export function useRemovePickup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removePickup,
    onSuccess: (_pickup, { studentId }) => queryClient.invalidateQueries({ queryKey: queryKeys.care.ofStudent(studentId) }),
  })
}
