import { queryOptions, useQuery } from '@tanstack/react-query'

import type { AdminWaitlistDto } from '#api/waitlist/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/admin/waitlist: every class that has a waitlist, with its places and entries. */
export function fetchAdminWaitlists(): Promise<AdminWaitlistDto[]> {
  return apiRequest<AdminWaitlistDto[]>('GET', '/api/admin/waitlist')
}

export const adminWaitlistsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.waitlists, queryFn: fetchAdminWaitlists })

export function useAdminWaitlists() {
  return useQuery(adminWaitlistsQueryOptions())
}
