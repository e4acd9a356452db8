import { queryOptions, useQuery } from '@tanstack/react-query'

import type { InvoiceDto } from '#api/invoices/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/invoices: the signed-in family's own invoices (the billing page). */
export function fetchInvoices(): Promise<InvoiceDto[]> {
  return apiRequest<InvoiceDto[]>('GET', '/api/invoices')
}

export const invoicesQueryOptions = () => queryOptions({ queryKey: queryKeys.invoices, queryFn: fetchInvoices })

export function useInvoices() {
  return useQuery(invoicesQueryOptions())
}
