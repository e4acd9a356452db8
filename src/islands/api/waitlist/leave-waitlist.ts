import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { WaitlistEntryDto } from '#api/waitlist/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** DELETE /api/waitlist/{id}: leaves the line (an open offer goes to the next family). */
export function leaveWaitlist(id: number): Promise<WaitlistEntryDto> {
  return apiRequest<WaitlistEntryDto>('DELETE', `/api/waitlist/${id}`)
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.waitlist }), queryClient.invalidateQueries({ queryKey: queryKeys.classes.all })])
    },
  })
}
