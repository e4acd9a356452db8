import { queryOptions, useQuery } from '@tanstack/react-query'

import type { AutopayStateDto } from '#api/autopay/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/autopay: the saved card, whether autopay is on, and what it will charge when. */
export function fetchAutopayState(): Promise<AutopayStateDto> {
  return apiRequest<AutopayStateDto>('GET', '/api/autopay')
}

export const autopayStateQueryOptions = () => queryOptions({ queryKey: queryKeys.autopay, queryFn: fetchAutopayState })

export function useAutopayState(enabled = true) {
  return useQuery({ ...autopayStateQueryOptions(), enabled })
}
