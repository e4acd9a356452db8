import { queryOptions, useQuery } from '@tanstack/react-query'

import type { RosterDto } from '#api/attendance/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/teach/classes/{id}/roster?date= (teacher): the students of a class on a day, with their marks. */
export function rosterQueryOptions(classId: number, date: string) {
  return queryOptions({
    queryKey: queryKeys.teach.roster(classId, date),
    queryFn: () => apiRequest<RosterDto>('GET', `/api/teach/classes/${classId}/roster?date=${encodeURIComponent(date)}`),
  })
}

export function useRoster(classId: number | null, date: string) {
  return useQuery({ ...rosterQueryOptions(classId ?? 0, date), enabled: classId !== null })
}
