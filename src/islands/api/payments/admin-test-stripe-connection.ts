import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'

export type StripeConnection = { success: boolean; accountName: string }

/** POST /api/stripe/test-connection (admin): the Stripe account's name when the keys work. */
export function testStripeConnection(): Promise<StripeConnection> {
  return apiRequest<StripeConnection>('POST', '/api/stripe/test-connection')
}

export function useTestStripeConnection() {
  return useMutation({ mutationFn: testStripeConnection })
}
