import { queryOptions, useQuery } from '@tanstack/react-query'

import type { StudentDto } from '#api/students/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from './query-keys'

/** GET /api/students: every family's students, for an administrator. */
export function fetchAllStudents(): Promise<StudentDto[]> {
  return apiRequest<StudentDto[]>('GET', '/api/students')
}

export const allStudentsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.students, queryFn: fetchAllStudents })

export function useAllStudents() {
  return useQuery(allStudentsQueryOptions())
}
