import { queryOptions, useQuery } from '@tanstack/react-query'

import type { InvoiceDto } from '#api/invoices/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from './query-keys'

/** GET /api/invoices/all: every family's invoices, for an administrator. */
export function fetchAllInvoices(): Promise<InvoiceDto[]> {
  return apiRequest<InvoiceDto[]>('GET', '/api/invoices/all')
}

export const allInvoicesQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.invoices, queryFn: fetchAllInvoices })

export function useAllInvoices() {
  return useQuery(allInvoicesQueryOptions())
}
