import { useMutation, useQueryClient } from '@tanstack/react-query'

import { sectionOfKey } from '#api/site-content/defaults.schemas'
import type { SiteContentDto } from '#api/site-content/schemas'
import { ApiError } from '#islands/lib/http'
import { createSiteContent } from './create-site-content'
import { fetchSiteContent, siteContentQueryOptions } from './get-site-content'
import { updateSiteContent } from './update-site-content'

/** An admin label for a key seen for the first time: `home.hero.title` → `Home · Hero · Title`. */
export function titleForKey(key: string): string {
  const words = key.split('.').map((part) => part.replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase()))
  return words.join(' · ').padEnd(3, '.')
}

/**
 * The spec's edit flow (§7 "Edit flow for content"): check whether the key is stored, then
 * PATCH it, or POST it; a POST refused because the key exists after all (409, or 400 as the
 * spec says) falls back to PATCH.
 */
export async function saveSiteText(key: string, content: string): Promise<SiteContentDto> {
  const existing = await fetchSiteContent(key)
  if (existing) return updateSiteContent(key, { content })
  try {
    return await createSiteContent({ key, title: titleForKey(key), content, section: sectionOfKey(key), contentType: 'text', isPublished: true })
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 400)) return updateSiteContent(key, { content })
    throw error
  }
}

export function useSaveSiteText() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ key, content }: { key: string; content: string }) => saveSiteText(key, content),
    onSuccess: (item) => queryClient.setQueryData(siteContentQueryOptions(item.key).queryKey, item),
  })
}
