import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'
import { allSiteContentQueryOptions } from './admin-list-site-content'
import { siteContentQueryOptions } from './get-site-content'

/** DELETE /api/site-content/{key} (admin): a text with a built-in default falls back to it. */
export function deleteSiteContent(key: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('DELETE', `/api/site-content/${encodeURIComponent(key)}`)
}

export function useDeleteSiteContent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSiteContent,
    onSuccess: async (_answer, key) => {
      queryClient.setQueryData(siteContentQueryOptions(key).queryKey, null)
      await queryClient.invalidateQueries({ queryKey: allSiteContentQueryOptions().queryKey })
    },
  })
}
