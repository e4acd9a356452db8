import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { AutopayStateDto } from '#api/autopay/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** DELETE /api/autopay/card: the card is removed at Stripe and here; autopay turns off. */
export function removeCard(): Promise<AutopayStateDto> {
  return apiRequest<AutopayStateDto>('DELETE', '/api/autopay/card')
}

export function useRemoveCard() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: removeCard, onSuccess: (state) => queryClient.setQueryData(queryKeys.autopay, state) })
}
