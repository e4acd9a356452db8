import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { AdminWaitlistEntryDto, WaitlistOverrideInput } from '#api/waitlist/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/admin/waitlist/{id}/override: out of queue order, with the reason recorded. */
export function overrideWaitlist(id: number, input: WaitlistOverrideInput): Promise<AdminWaitlistEntryDto> {
  return apiRequest<AdminWaitlistEntryDto>('POST', `/api/admin/waitlist/${id}/override`, input)
}

export function useOverrideWaitlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: WaitlistOverrideInput }) => overrideWaitlist(id, input),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.waitlists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.enrollments }),
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
      ])
    },
  })
}
