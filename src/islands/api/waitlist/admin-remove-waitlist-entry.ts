import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { AdminWaitlistEntryDto, WaitlistRemoveInput } from '#api/waitlist/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/admin/waitlist/{id}/remove: out of the line, with the reason recorded. */
export function removeWaitlistEntry(id: number, input: WaitlistRemoveInput): Promise<AdminWaitlistEntryDto> {
  return apiRequest<AdminWaitlistEntryDto>('POST', `/api/admin/waitlist/${id}/remove`, input)
}

export function useRemoveWaitlistEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: WaitlistRemoveInput }) => removeWaitlistEntry(id, input),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.waitlists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
      ])
    },
  })
}
