import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { AdminStripeConfigDto, StripeConfigInput } from '#api/payments/schemas'
import { apiRequest } from '#islands/lib/http'
import { adminStripeConfigQueryOptions } from './admin-stripe-config'

/** POST /api/stripe/config (admin). Sending the masked secret key back keeps the stored one. */
export function saveStripeConfig(input: StripeConfigInput): Promise<AdminStripeConfigDto> {
  return apiRequest<AdminStripeConfigDto>('POST', '/api/stripe/config', input)
}

export function useSaveStripeConfig() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveStripeConfig,
    onSuccess: (config) => queryClient.setQueryData(adminStripeConfigQueryOptions().queryKey, config),
  })
}
