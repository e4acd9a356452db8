import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { SaveCardInput, SavedCardDto } from '#api/autopay/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/autopay/card: the confirmed SetupIntent; the server checks it with Stripe and keeps the card. */
export function saveCard(input: SaveCardInput): Promise<SavedCardDto> {
  return apiRequest<SavedCardDto>('POST', '/api/autopay/card', input)
}

export function useSaveCard() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: saveCard, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.autopay }) })
}
