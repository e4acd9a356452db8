import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { InboxItemDto } from '#api/messages/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from './query-keys'

/** The family's inbox (issue 25): GET /api/messages, marking one read, and replying to one. */
export function useInbox() {
  return useQuery({ queryKey: queryKeys.messages.inbox, queryFn: () => apiRequest<InboxItemDto[]>('GET', '/api/messages') })
}

export function useMarkMessageRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ readAt: string }>('POST', `/api/messages/${id}/read`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.messages.all }),
  })
}

export function useReplyToMessage() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, message }: { id: number; message: string }) => apiRequest<{ inquiryId: number }>('POST', `/api/messages/${id}/reply`, { message }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.messages.all }),
  })
}
