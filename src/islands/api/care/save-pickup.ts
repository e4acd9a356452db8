import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { PersonInput, PickupDto } from '#api/care/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/students/{id}/pickups, or PATCH …/pickups/{pickupId} with one: adds or changes an authorised pickup. */
export function savePickup({ studentId, pickupId, pickup }: { studentId: number; pickupId?: number; pickup: PersonInput }): Promise<PickupDto> {
  return pickupId === undefined
    ? apiRequest<PickupDto>('POST', `/api/students/${studentId}/pickups`, pickup)
    : apiRequest<PickupDto>('PATCH', `/api/students/${studentId}/pickups/${pickupId}`, pickup)
}

export function useSavePickup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePickup,
    onSuccess: (_pickup, { studentId }) => queryClient.invalidateQueries({ queryKey: queryKeys.care.ofStudent(studentId) }),
  })
}
