import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { CategoryPreferences } from '#api/messages/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** The family's choice per kind of message (issue 25): email or the portal only. */
export function useMessagePreferences() {
  return useQuery({ queryKey: queryKeys.messages.preferences, queryFn: () => apiRequest<CategoryPreferences>('GET', '/api/messages/preferences') })
}

export function useUpdateMessagePreferences() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (changes: Partial<CategoryPreferences>) => apiRequest<CategoryPreferences>('PATCH', '/api/messages/preferences', changes),
    // The choice shows at once; a refusal reloads what is stored.
    onMutate: (changes) =>
      client.setQueryData<CategoryPreferences>(queryKeys.messages.preferences, (current) => (current ? { ...current, ...changes } : current)),
    onSuccess: (saved) => client.setQueryData(queryKeys.messages.preferences, saved),
    onError: () => client.invalidateQueries({ queryKey: queryKeys.messages.preferences }),
  })
}
