import { queryOptions, useQuery } from '@tanstack/react-query'

import type { StudentDto } from '#api/students/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/students: the family's students (every student for an administrator). */
export function fetchStudents(): Promise<StudentDto[]> {
  return apiRequest<StudentDto[]>('GET', '/api/students')
}

/** ['students'] also prefixes each single student's key, so one invalidation refreshes both. */
export const studentsQueryOptions = () => queryOptions({ queryKey: queryKeys.students.all, queryFn: fetchStudents })

export function useStudents() {
  return useQuery(studentsQueryOptions())
}
