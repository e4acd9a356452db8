import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type { PaymentDto } from '#api/payments/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/payments?invoiceIds=… (admin): the payments of these invoices only, newest first. */
export function fetchInvoicePayments(invoiceIds: readonly number[]): Promise<PaymentDto[]> {
  return apiRequest<PaymentDto[]>('GET', `/api/payments?invoiceIds=${invoiceIds.join(',')}`)
}

export const invoicePaymentsQueryOptions = (invoiceIds: readonly number[]) =>
  queryOptions({
    queryKey: queryKeys.admin.invoicePayments(invoiceIds.join(',')),
    queryFn: () => fetchInvoicePayments(invoiceIds),
    placeholderData: keepPreviousData,
  })

/** The payments of the invoices on screen (issue 23): a page's worth, asked once the page is known. */
export function useInvoicePayments(invoiceIds: readonly number[]) {
  return useQuery({ ...invoicePaymentsQueryOptions(invoiceIds), enabled: invoiceIds.length > 0 })
}
