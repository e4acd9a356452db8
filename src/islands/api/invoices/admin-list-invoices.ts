import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type { InvoiceStatus } from '#api/invoices/billing.schemas'
import type { InvoicePageDto } from '#api/invoices/invoice-list.schemas'
import type { InvoiceDto } from '#api/invoices/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/invoices/all: every family's invoices, for an administrator. */
export function fetchAllInvoices(): Promise<InvoiceDto[]> {
  return apiRequest<InvoiceDto[]>('GET', '/api/invoices/all')
}

export const allInvoicesQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.invoices, queryFn: fetchAllInvoices })

export function useAllInvoices() {
  return useQuery(allInvoicesQueryOptions())
}

/** The console's search of the invoices (issue 23): empty values are left out. */
export type InvoiceSearch = { q: string; status: InvoiceStatus | ''; month: string; page: number; pageSize: number }

export function invoiceSearchParams(search: InvoiceSearch): string {
  const params = new URLSearchParams({ page: String(search.page), pageSize: String(search.pageSize) })
  if (search.q.trim()) params.set('q', search.q.trim())
  if (search.status) params.set('status', search.status)
  if (search.month) params.set('month', search.month)
  return params.toString()
}

/** GET /api/invoices/all?…: one page of the invoices that match, newest first. */
export function fetchInvoicePage(params: string): Promise<InvoicePageDto> {
  return apiRequest<InvoicePageDto>('GET', `/api/invoices/all?${params}`)
}

export const invoicePageQueryOptions = (search: InvoiceSearch) => {
  const params = invoiceSearchParams(search)
  return queryOptions({
    queryKey: queryKeys.admin.invoicePage(params),
    queryFn: () => fetchInvoicePage(params),
    // The page on screen stays while the next one loads: no flash of a spinner between pages.
    placeholderData: keepPreviousData,
  })
}

export function useInvoicePage(search: InvoiceSearch) {
  return useQuery(invoicePageQueryOptions(search))
}
