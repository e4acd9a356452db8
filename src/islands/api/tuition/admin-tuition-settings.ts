import { queryOptions, useQuery } from '@tanstack/react-query'

import type { TuitionSettingsDto } from '#api/studio/tuition-settings.schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/admin/tuition-settings (admin). */
export function fetchTuitionSettings(): Promise<TuitionSettingsDto> {
  return apiRequest<TuitionSettingsDto>('GET', '/api/admin/tuition-settings')
}

export const tuitionSettingsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.tuitionSettings, queryFn: fetchTuitionSettings })

export function useTuitionSettings() {
  return useQuery(tuitionSettingsQueryOptions())
}
