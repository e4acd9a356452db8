import { queryOptions, useQuery } from '@tanstack/react-query'

import type { AdminStripeConfigDto } from '#api/payments/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/stripe/config as an administrator: the secret key comes back masked (decisions §5). */
export function fetchAdminStripeConfig(): Promise<AdminStripeConfigDto> {
  return apiRequest<AdminStripeConfigDto>('GET', '/api/stripe/config')
}

export const adminStripeConfigQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.stripeConfig, queryFn: fetchAdminStripeConfig })

export function useAdminStripeConfig() {
  return useQuery(adminStripeConfigQueryOptions())
}
