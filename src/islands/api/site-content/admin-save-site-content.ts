import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { SiteContentCreate, SiteContentDto } from '#api/site-content/schemas'
import { ApiError } from '#islands/lib/http'
import { allSiteContentQueryOptions } from './admin-list-site-content'
import { createSiteContent } from './create-site-content'
import { fetchSiteContent, siteContentQueryOptions } from './get-site-content'
import { updateSiteContent } from './update-site-content'

export type SavedSiteContent = { item: SiteContentDto; created: boolean }

/**
 * The editor dialog's save (spec §7 "Edit flow for content"): PATCH when the key is stored,
 * otherwise POST; a POST refused because the key exists after all (409, or 400 as the spec
 * says) falls back to PATCH. The key itself is never changed (decisions §6).
 */
export async function saveSiteContent(input: SiteContentCreate): Promise<SavedSiteContent> {
  const { key, ...fields } = input
  if (await fetchSiteContent(key)) return { item: await updateSiteContent(key, fields), created: false }
  try {
    return { item: await createSiteContent(input), created: true }
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 400) && (await fetchSiteContent(key))) {
      return { item: await updateSiteContent(key, fields), created: false }
    }
    throw error
  }
}

export function useSaveSiteContent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSiteContent,
    onSuccess: async ({ item }) => {
      queryClient.setQueryData(siteContentQueryOptions(item.key).queryKey, item)
      await queryClient.invalidateQueries({ queryKey: allSiteContentQueryOptions().queryKey })
    },
  })
}
