import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { WaitlistEntryDto } from '#api/waitlist/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/waitlist/{id}/accept or /decline: accepting enrolls the student; declining offers the place to the next family. */
export function answerWaitlistOffer(id: number, answer: 'accept' | 'decline'): Promise<WaitlistEntryDto> {
  return apiRequest<WaitlistEntryDto>('POST', `/api/waitlist/${id}/${answer}`)
}

export function useAnswerWaitlistOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) => answerWaitlistOffer(id, answer),
    // Either way (an expired offer included) the line, the student's classes and the seats change.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.waitlist }),
        queryClient.invalidateQueries({ queryKey: queryKeys.enrollments.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
      ])
    },
  })
}
