import { queryOptions, useQuery } from '@tanstack/react-query'

import type { NotificationPreferencesDto } from '#api/accounts/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/notification-preferences: created with the spec's defaults on first read. */
export function fetchNotificationPreferences(): Promise<NotificationPreferencesDto> {
  return apiRequest<NotificationPreferencesDto>('GET', '/api/notification-preferences')
}

/** Cached 5 minutes (spec §9). */
export const notificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notificationPreferences, queryFn: fetchNotificationPreferences, staleTime: 5 * 60_000 })

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions())
}
