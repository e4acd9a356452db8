import { useQuery } from '@tanstack/react-query'

import type { MakeupOptionDto } from '#api/self-service/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/absences/{id}/makeup-options: classes and days with a free place for a makeup. */
export function fetchMakeupOptions(absenceId: number): Promise<MakeupOptionDto[]> {
  return apiRequest<MakeupOptionDto[]>('GET', `/api/absences/${absenceId}/makeup-options`)
}

export function useMakeupOptions(absenceId: number | null) {
  return useQuery({
    queryKey: queryKeys.absences.makeupOptions(absenceId ?? 0),
    queryFn: () => fetchMakeupOptions(absenceId!),
    enabled: absenceId !== null,
    // Places change as other families book: always ask again when the dialog opens.
    staleTime: 0,
  })
}
