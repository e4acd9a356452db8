import type { SiteContentDto, SiteContentUpdate } from '#api/site-content/schemas'
import { apiRequest } from '#islands/lib/http'

/** PATCH /api/site-content/{key} (admin): 404 for a key never stored. */
export function updateSiteContent(key: string, input: SiteContentUpdate): Promise<SiteContentDto> {
  return apiRequest<SiteContentDto>('PATCH', `/api/site-content/${encodeURIComponent(key)}`, input)
}
