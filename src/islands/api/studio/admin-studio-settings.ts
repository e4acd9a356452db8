import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { StudioSettingsDto, StudioSettingsInput } from '#api/studio/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/admin/studio-settings (admin): how the studio runs, with the defaults of a fresh install. */
export function useStudioSettings() {
  return useQuery({
    queryKey: queryKeys.admin.studioSettings,
    queryFn: () => apiRequest<StudioSettingsDto>('GET', '/api/admin/studio-settings'),
  })
}

/** PUT /api/admin/studio-settings (admin): the settings as a whole. */
export function useSaveStudioSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: StudioSettingsInput) => apiRequest<StudioSettingsDto>('PUT', '/api/admin/studio-settings', input),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.admin.studioSettings, saved),
  })
}
