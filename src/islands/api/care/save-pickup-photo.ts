import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { PickupDto } from '#api/care/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** PUT /api/students/{id}/pickups/{pickupId}/photo with the image as a data URL, or DELETE it (`image` null). */
export function savePickupPhoto({ studentId, pickupId, image }: { studentId: number; pickupId: number; image: string | null }): Promise<PickupDto> {
  const path = `/api/students/${studentId}/pickups/${pickupId}/photo`
  return image === null ? apiRequest<PickupDto>('DELETE', path) : apiRequest<PickupDto>('PUT', path, { image })
}

export function useSavePickupPhoto() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePickupPhoto,
    onSuccess: (_pickup, { studentId }) => queryClient.invalidateQueries({ queryKey: queryKeys.care.ofStudent(studentId) }),
  })
}
