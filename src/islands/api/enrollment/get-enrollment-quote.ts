import { useQuery } from '@tanstack/react-query'

import type { EnrollmentQuoteDto } from '#api/enrollment/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/enrollments/quote: what enrolling the student in the classes would cost (409 full or taken, 400 age). */
export function fetchEnrollmentQuote(studentId: number, classIds: readonly number[]): Promise<EnrollmentQuoteDto> {
  return apiRequest<EnrollmentQuoteDto>('GET', `/api/enrollments/quote?studentId=${studentId}&classId=${classIds.join(',')}`)
}

/** Asked while `enabled` (a confirm dialog is open); never kept: places and invoices change. */
export function useEnrollmentQuote(studentId: number | null, classIds: readonly number[], enabled = true) {
  return useQuery({
    queryKey: queryKeys.enrollments.quote(studentId ?? 0, classIds),
    queryFn: () => fetchEnrollmentQuote(studentId!, classIds),
    enabled: enabled && studentId !== null && classIds.length > 0,
    staleTime: 0,
  })
}
