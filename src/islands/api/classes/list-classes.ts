import { queryOptions, useQuery } from '@tanstack/react-query'

import type { ClassDto } from '#api/classes/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/classes[?ageGroup=…]: '18+' travels encoded as 18%2B (spec §7). */
export function fetchClasses(ageGroup?: string): Promise<ClassDto[]> {
  const query = ageGroup ? `?ageGroup=${encodeURIComponent(ageGroup)}` : ''
  return apiRequest<ClassDto[]>('GET', `/api/classes${query}`)
}

export const classesQueryOptions = (ageGroup?: string) => queryOptions({ queryKey: queryKeys.classes.list(ageGroup), queryFn: () => fetchClasses(ageGroup) })

export function useClasses(ageGroup?: string) {
  return useQuery(classesQueryOptions(ageGroup))
}
