import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type { StudentPageDto } from '#api/students/student-list.schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** The Students tab's search (issue 23): a student's or family's name or email, an account, a class; empty lists everyone. */
export type StudentSearch = { q: string; userId: number | null; classId: number | null; page: number; pageSize: number }

/** GET /api/students?…: one page of the students that match, by name. */
export function fetchStudentPage(search: StudentSearch): Promise<StudentPageDto> {
  const params = new URLSearchParams({ page: String(search.page), pageSize: String(search.pageSize) })
  if (search.q.trim()) params.set('q', search.q.trim())
  if (search.userId !== null) params.set('userId', String(search.userId))
  if (search.classId !== null) params.set('classId', String(search.classId))
  return apiRequest<StudentPageDto>('GET', `/api/students?${params}`)
}

export const studentPageQueryOptions = (search: StudentSearch) =>
  queryOptions({
    queryKey: queryKeys.admin.studentPage(`${search.q.trim()}|${search.userId ?? ''}|${search.classId ?? ''}|${search.page}|${search.pageSize}`),
    queryFn: () => fetchStudentPage(search),
    placeholderData: keepPreviousData,
  })

export function useStudentPage(search: StudentSearch) {
  return useQuery(studentPageQueryOptions(search))
}

/** A picker's matches for a typed name: the first page of GET /api/students?q=, once something was typed. */
export function useStudentMatches(q: string, pageSize = 8) {
  return useQuery({ ...studentPageQueryOptions({ q, userId: null, classId: null, page: 1, pageSize }), enabled: q.trim() !== '', staleTime: 0 })
}
