import { queryOptions, useQuery } from '@tanstack/react-query'

import type { ReEnrollmentDto } from '#api/seasons/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/seasons/re-enrollment: the coming season, its registration phase, and per child the placement and suggested classes (issue 27). */
export function fetchReEnrollment(): Promise<ReEnrollmentDto> {
  return apiRequest<ReEnrollmentDto>('GET', '/api/seasons/re-enrollment')
}

export const reEnrollmentQueryOptions = () => queryOptions({ queryKey: queryKeys.reEnrollment, queryFn: fetchReEnrollment })

export function useReEnrollment() {
  return useQuery(reEnrollmentQueryOptions())
}
