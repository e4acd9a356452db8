import { queryOptions, useQuery } from '@tanstack/react-query'

import type { TeachClassesDto } from '#api/attendance/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/teach/classes (teacher): the classes the caller teaches, today's first. */
export function teachClassesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.teach.classes, queryFn: () => apiRequest<TeachClassesDto>('GET', '/api/teach/classes') })
}

export function useTeachClasses() {
  return useQuery(teachClassesQueryOptions())
}
