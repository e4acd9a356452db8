import { queryOptions, useQuery } from '@tanstack/react-query'

import type { AdminEnrollmentDto } from '#api/enrollment/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/enrollments/all (admin): each enrollment with its class and student. */
export function fetchAllEnrollments(): Promise<AdminEnrollmentDto[]> {
  return apiRequest<AdminEnrollmentDto[]>('GET', '/api/enrollments/all')
}

export const allEnrollmentsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.enrollments, queryFn: fetchAllEnrollments })

export function useAllEnrollments() {
  return useQuery(allEnrollmentsQueryOptions())
}
