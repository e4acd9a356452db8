import { queryOptions, useQuery } from '@tanstack/react-query'

import type { StudentDto } from '#api/students/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/students/{id}: 404 for a student that is not the family's (spec: back to /account). */
export function fetchStudent(id: number): Promise<StudentDto> {
  return apiRequest<StudentDto>('GET', `/api/students/${id}`)
}

export const studentQueryOptions = (id: number) => queryOptions({ queryKey: queryKeys.students.one(id), queryFn: () => fetchStudent(id) })

export function useStudent(id: number) {
  return useQuery(studentQueryOptions(id))
}
