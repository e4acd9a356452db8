import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { AutopayStateDto, AutopayToggleInput } from '#api/autopay/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** PUT /api/autopay: on (with a saved card) or off. */
export function setAutopay(input: AutopayToggleInput): Promise<AutopayStateDto> {
  return apiRequest<AutopayStateDto>('PUT', '/api/autopay', input)
}

export function useSetAutopay() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: setAutopay, onSuccess: (state) => queryClient.setQueryData(queryKeys.autopay, state) })
}
