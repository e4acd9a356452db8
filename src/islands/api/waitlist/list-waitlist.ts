import { queryOptions, useQuery } from '@tanstack/react-query'

import type { WaitlistEntryDto } from '#api/waitlist/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/waitlist: the family's students' places in line and open offers. */
export function fetchWaitlist(): Promise<WaitlistEntryDto[]> {
  return apiRequest<WaitlistEntryDto[]>('GET', '/api/waitlist')
}

export const waitlistQueryOptions = () => queryOptions({ queryKey: queryKeys.waitlist, queryFn: fetchWaitlist })

export function useWaitlist() {
  return useQuery(waitlistQueryOptions())
}
