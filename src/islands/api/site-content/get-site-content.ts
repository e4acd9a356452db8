import { queryOptions } from '@tanstack/react-query'

import type { SiteContentDto } from '#api/site-content/schemas'
import { ApiError, apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/site-content/{key}: the stored item, or null when only the built-in default exists (404). */
export async function fetchSiteContent(key: string): Promise<SiteContentDto | null> {
  try {
    return await apiRequest<SiteContentDto>('GET', `/api/site-content/${encodeURIComponent(key)}`)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/** Site texts are cached 5 minutes (spec §9). */
export const siteContentQueryOptions = (key: string) =>
  queryOptions({ queryKey: queryKeys.siteContent(key), queryFn: () => fetchSiteContent(key), staleTime: 5 * 60_000 })
