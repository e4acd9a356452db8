import { queryOptions, useQuery } from '@tanstack/react-query'

import type { PlacementDto } from '#api/levels/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/students/{id}/placement: the student's level and the classes that teach a level (issue 27). */
export function fetchStudentPlacement(id: number): Promise<PlacementDto> {
  return apiRequest<PlacementDto>('GET', `/api/students/${id}/placement`)
}

export const studentPlacementQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.students.placement(id), queryFn: () => fetchStudentPlacement(id) })

export function useStudentPlacement(id: number) {
  return useQuery(studentPlacementQueryOptions(id))
}
