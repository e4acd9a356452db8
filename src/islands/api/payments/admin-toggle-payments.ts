import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { AdminStripeConfigDto } from '#api/payments/schemas'
import { apiRequest } from '#islands/lib/http'
import { adminStripeConfigQueryOptions } from './admin-stripe-config'

/** POST /api/stripe/toggle-payments (admin): the global payments switch. */
export function togglePayments(paymentsDisabled: boolean): Promise<{ paymentsDisabled: boolean }> {
  return apiRequest<{ paymentsDisabled: boolean }>('POST', '/api/stripe/toggle-payments', { paymentsDisabled })
}

/** Spec §4: the switch applies at once and reverts when the call fails. */
export function useTogglePayments() {
  const queryClient = useQueryClient()
  const key = adminStripeConfigQueryOptions().queryKey
  return useMutation({
    mutationFn: togglePayments,
    onMutate: async (paymentsDisabled) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<AdminStripeConfigDto>(key)
      if (previous) queryClient.setQueryData(key, { ...previous, paymentsDisabled })
      return { previous }
    },
    onError: (_error, _value, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
    },
    onSuccess: ({ paymentsDisabled }) => {
      const current = queryClient.getQueryData<AdminStripeConfigDto>(key)
      if (current) queryClient.setQueryData(key, { ...current, paymentsDisabled })
    },
  })
}
