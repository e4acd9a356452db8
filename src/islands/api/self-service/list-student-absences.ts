import { queryOptions, useQuery } from '@tanstack/react-query'

import type { AbsenceDto } from '#api/self-service/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/students/{id}/absences: recent and coming absences, each with its makeup. */
export function fetchStudentAbsences(studentId: number): Promise<AbsenceDto[]> {
  return apiRequest<AbsenceDto[]>('GET', `/api/students/${studentId}/absences`)
}

export const studentAbsencesQueryOptions = (studentId: number) =>
  queryOptions({ queryKey: queryKeys.absences.ofStudent(studentId), queryFn: () => fetchStudentAbsences(studentId) })

export function useStudentAbsences(studentId: number, enabled = true) {
  return useQuery({ ...studentAbsencesQueryOptions(studentId), enabled })
}
