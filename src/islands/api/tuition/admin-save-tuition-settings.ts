import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { TuitionSettingsDto, TuitionSettingsInput } from '#api/studio/tuition-settings.schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'
import { tuitionSettingsQueryOptions } from './admin-tuition-settings'

/** PUT /api/admin/tuition-settings (admin): the settings as a whole. */
export function saveTuitionSettings(input: TuitionSettingsInput): Promise<TuitionSettingsDto> {
  return apiRequest<TuitionSettingsDto>('PUT', '/api/admin/tuition-settings', input)
}

/** New settings change every estimate: the statements' "next invoice" refreshes too. */
export function useSaveTuitionSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveTuitionSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(tuitionSettingsQueryOptions().queryKey, settings)
      return queryClient.invalidateQueries({ queryKey: queryKeys.admin.statements })
    },
  })
}
