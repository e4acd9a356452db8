import { queryOptions, useQuery } from '@tanstack/react-query'

import type { PublicStripeConfigDto } from '#api/payments/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/stripe/config as a family: the publishable key and the payments switches (decisions §5). */
export function fetchStripeConfig(): Promise<PublicStripeConfigDto> {
  return apiRequest<PublicStripeConfigDto>('GET', '/api/stripe/config')
}

export const stripeConfigQueryOptions = () => queryOptions({ queryKey: queryKeys.stripeConfig, queryFn: fetchStripeConfig })

export function useStripeConfig() {
  return useQuery(stripeConfigQueryOptions())
}
