import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { JoinWaitlistInput, WaitlistEntryDto } from '#api/waitlist/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/waitlist: a full class's line (409 when the class has room after all, or the student is already in line). */
export function joinWaitlist(input: JoinWaitlistInput): Promise<WaitlistEntryDto> {
  return apiRequest<WaitlistEntryDto>('POST', '/api/waitlist', input)
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: joinWaitlist,
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.waitlist }), queryClient.invalidateQueries({ queryKey: queryKeys.classes.all })])
    },
  })
}
