import { queryOptions, useQuery } from '@tanstack/react-query'

import type { TeacherOptionDto } from '#api/classes/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/admin/teachers (admin): the teacher accounts with the classes each one has (decisions §14). */
export function fetchTeachers(): Promise<TeacherOptionDto[]> {
  return apiRequest<TeacherOptionDto[]>('GET', '/api/admin/teachers')
}

export const teachersQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.teachers, queryFn: fetchTeachers })

/** Fresh on every mount: a teacher flag given a minute ago must show in the class form. */
export function useTeachers() {
  return useQuery({ ...teachersQueryOptions(), staleTime: 0 })
}
