import { useMutation, useQueryClient } from '@tanstack/react-query'

import { NOTIFICATION_SETTINGS, type NotificationPreferencesDto, type NotificationPreferencesInput } from '#api/accounts/schemas'
import { apiRequest } from '#islands/lib/http'
import { notificationPreferencesQueryOptions } from './get-notification-preferences'

/** PATCH /api/notification-preferences: only the four booleans (id, userId, updatedAt stripped, spec §5). */
export function updateNotificationPreferences(input: NotificationPreferencesInput): Promise<NotificationPreferencesDto> {
  const body: NotificationPreferencesInput = {}
  for (const name of NOTIFICATION_SETTINGS) if (typeof input[name] === 'boolean') body[name] = input[name]
  return apiRequest<NotificationPreferencesDto>('PATCH', '/api/notification-preferences', body)
}

/** The saved preferences replace the cached ones, then they are read again (spec §9's success refresh). */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: async (preferences) => {
      queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, preferences)
      await queryClient.invalidateQueries({ queryKey: notificationPreferencesQueryOptions().queryKey })
    },
  })
}
