import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { AudiencePreview, MessageDto, PreviewInput, RecipientDto, SendRequest } from '#api/messages/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** The console's messages (issue 25): the list, one message's recipients, the audience preview, sending and cancelling. */
export function useAdminMessages() {
  return useQuery({ queryKey: queryKeys.adminMessages.all, queryFn: () => apiRequest<MessageDto[]>('GET', '/api/admin/messages') })
}

export function useAdminMessage(id: number | null) {
  return useQuery({
    queryKey: queryKeys.adminMessages.one(id ?? 0),
    queryFn: () => apiRequest<MessageDto & { recipients: RecipientDto[] }>('GET', `/api/admin/messages/${id}`),
    enabled: id !== null,
  })
}

export function usePreviewAudience() {
  return useMutation({ mutationFn: (input: PreviewInput) => apiRequest<AudiencePreview>('POST', '/api/admin/messages/preview', input) })
}

export function useSendMessage() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: SendRequest) => apiRequest<MessageDto>('POST', '/api/admin/messages', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.adminMessages.all }),
  })
}

export function useCancelMessage() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiRequest<MessageDto>('POST', `/api/admin/messages/${id}/cancel`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.adminMessages.all }),
  })
}
