import { queryOptions, useQuery } from '@tanstack/react-query'

import type { TuitionSummaryDto } from '#api/tuition/summary.schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/admin/tuition/summary?month= (admin): the month's tuition invoices in figures. */
export function fetchTuitionSummary(month: string): Promise<TuitionSummaryDto> {
  return apiRequest<TuitionSummaryDto>('GET', `/api/admin/tuition/summary?month=${encodeURIComponent(month)}`)
}

/** Where the same month's CSV downloads from (a plain link: the browser saves the file). */
export function tuitionSummaryCsvUrl(month: string): string {
  return `/api/admin/tuition/summary.csv?month=${encodeURIComponent(month)}`
}

export const tuitionSummaryQueryOptions = (month: string) =>
  queryOptions({ queryKey: queryKeys.admin.tuitionSummary(month), queryFn: () => fetchTuitionSummary(month) })

export function useTuitionSummary(month: string | null) {
  return useQuery({ ...tuitionSummaryQueryOptions(month ?? ''), enabled: month !== null })
}
