import { queryOptions, useQuery } from '@tanstack/react-query'

import type { PaymentDto } from '#api/payments/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/payments: the signed-in family's payment history, newest first. */
export function fetchPayments(): Promise<PaymentDto[]> {
  return apiRequest<PaymentDto[]>('GET', '/api/payments')
}

export const paymentsQueryOptions = () => queryOptions({ queryKey: queryKeys.payments, queryFn: fetchPayments })

export function usePayments() {
  return useQuery(paymentsQueryOptions())
}
