import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { AcademyTimeZoneDto, AcademyTimeZoneInput } from '#api/studio/time-zone.schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/admin/studio-settings/time-zone (admin): the academy's zone and whether an administrator confirmed it. */
export function useAcademyTimeZone() {
  return useQuery({
    queryKey: queryKeys.admin.academyTimeZone,
    queryFn: () => apiRequest<AcademyTimeZoneDto>('GET', '/api/admin/studio-settings/time-zone'),
  })
}

/** PUT /api/admin/studio-settings/time-zone (admin): confirms or changes the zone. */
export function useSaveAcademyTimeZone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AcademyTimeZoneInput) => apiRequest<AcademyTimeZoneDto>('PUT', '/api/admin/studio-settings/time-zone', input),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.admin.academyTimeZone, saved),
  })
}
