import { useQuery } from '@tanstack/react-query'

import type { RetentionDto, SeasonDto } from '#api/seasons/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/admin/seasons: every season, the latest first (issue 27). */
export function useAdminSeasons() {
  return useQuery({ queryKey: queryKeys.admin.seasons, queryFn: () => apiRequest<SeasonDto[]>('GET', '/api/admin/seasons') })
}

/** GET /api/admin/seasons/:id/retention: who of the season's dancers at its end re-enrolled for the next. */
export function useSeasonRetention(seasonId: number | null) {
  return useQuery({
    queryKey: queryKeys.admin.seasonRetention(seasonId ?? 0),
    queryFn: () => apiRequest<RetentionDto>('GET', `/api/admin/seasons/${seasonId}/retention`),
    enabled: seasonId !== null,
    retry: false,
  })
}

export const retentionCsvUrl = (seasonId: number) => `/api/admin/seasons/${seasonId}/retention.csv`
