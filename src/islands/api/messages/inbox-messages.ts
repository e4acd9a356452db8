import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'

import { INBOX_PAGE_SIZE, type InboxItemDto } from '#api/messages/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'
import { announceUnread } from '#islands/lib/unread-badge'

/**
 * The family's inbox (issue 25): GET /api/messages a page at a time, newest first (the next page
 * is the one after the last message shown; a short page is the last), marking one read, and
 * replying to one.
 */
export function useInbox() {
  return useInfiniteQuery({
    queryKey: queryKeys.messages.inbox,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => apiRequest<InboxItemDto[]>('GET', pageParam === null ? '/api/messages' : `/api/messages?before=${pageParam}`),
    getNextPageParam: (page) => (page.length < INBOX_PAGE_SIZE ? undefined : page.at(-1)!.id),
  })
}

export function useMarkMessageRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ readAt: string }>('POST', `/api/messages/${id}/read`),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.messages.all })
      // The bar's badge counts the others at once (issue 41), not on the next page.
      const { unread } = await apiRequest<{ unread: number }>('GET', '/api/messages/unread-count')
      announceUnread(unread)
    },
  })
}

export function useReplyToMessage() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, message }: { id: number; message: string }) => apiRequest<{ inquiryId: number }>('POST', `/api/messages/${id}/reply`, { message }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.messages.all }),
  })
}
