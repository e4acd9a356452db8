import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'
import { calendarLinkQueryOptions, type CalendarLinkDto } from './get-calendar-link'

/** POST /api/calendar-link/reset: a new feed address; the old one stops working. */
export function resetCalendarLink(): Promise<CalendarLinkDto> {
  return apiRequest<CalendarLinkDto>('POST', '/api/calendar-link/reset')
}

export function useResetCalendarLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resetCalendarLink,
    onSuccess: (link) => queryClient.setQueryData(calendarLinkQueryOptions().queryKey, link),
  })
}
