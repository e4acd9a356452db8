import { queryOptions, useQuery } from '@tanstack/react-query'

import type { EnrollmentDto } from '#api/enrollment/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/students/{id}/enrollments: each with its class. */
export function fetchStudentEnrollments(studentId: number): Promise<EnrollmentDto[]> {
  return apiRequest<EnrollmentDto[]>('GET', `/api/students/${studentId}/enrollments`)
}

export const studentEnrollmentsQueryOptions = (studentId: number) =>
  queryOptions({ queryKey: queryKeys.enrollments.ofStudent(studentId), queryFn: () => fetchStudentEnrollments(studentId) })

export function useStudentEnrollments(studentId: number) {
  return useQuery(studentEnrollmentsQueryOptions(studentId))
}
