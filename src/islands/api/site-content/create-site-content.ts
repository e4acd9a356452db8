import type { SiteContentCreate, SiteContentDto } from '#api/site-content/schemas'
import { apiRequest } from '#islands/lib/http'

/** POST /api/site-content (admin): 409 when the key exists already. */
export function createSiteContent(input: SiteContentCreate): Promise<SiteContentDto> {
  return apiRequest<SiteContentDto>('POST', '/api/site-content', input)
}
