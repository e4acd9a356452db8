import { queryOptions, useQuery } from '@tanstack/react-query'

import type { CareDto } from '#api/care/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/**
 * GET /api/students/{id}/care: the care information and pickups (issue 24). For staff,
 * `withNotes` false leaves the medical notes out, and so records no read of them.
 */
export function fetchStudentCare(id: number, withNotes = true): Promise<CareDto> {
  return apiRequest<CareDto>('GET', `/api/students/${id}/care${withNotes ? '' : '?medicalNotes=0'}`)
}

export const studentCareQueryOptions = (id: number, withNotes = true) =>
  queryOptions({ queryKey: [...queryKeys.care.ofStudent(id), withNotes ? 'notes' : 'no-notes'], queryFn: () => fetchStudentCare(id, withNotes) })

export function useStudentCare(id: number | null, withNotes = true) {
  return useQuery({ ...studentCareQueryOptions(id ?? 0, withNotes), enabled: id !== null })
}
