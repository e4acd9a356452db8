import { queryOptions, useQuery } from '@tanstack/react-query'

import type { SiteContentDto } from '#api/site-content/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/site-content?all=true (admin): every stored text, unpublished ones included. */
export function fetchAllSiteContent(): Promise<SiteContentDto[]> {
  return apiRequest<SiteContentDto[]>('GET', '/api/site-content?all=true')
}

export const allSiteContentQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.siteContent, queryFn: fetchAllSiteContent })

export function useAllSiteContent() {
  return useQuery(allSiteContentQueryOptions())
}
