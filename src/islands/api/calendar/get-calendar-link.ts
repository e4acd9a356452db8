import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

export type CalendarLinkDto = { url: string }

/** GET /api/calendar-link: the private address of the family's calendar feed. */
export function fetchCalendarLink(): Promise<CalendarLinkDto> {
  return apiRequest<CalendarLinkDto>('GET', '/api/calendar-link')
}

export const calendarLinkQueryOptions = () => queryOptions({ queryKey: queryKeys.calendarLink, queryFn: fetchCalendarLink })

/** Fetched only when the family asks for it (`enabled`). */
export function useCalendarLink(enabled: boolean) {
  return useQuery({ ...calendarLinkQueryOptions(), enabled })
}
