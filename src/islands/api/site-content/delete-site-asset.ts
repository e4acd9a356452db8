import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '#islands/lib/http'

/** DELETE /api/site-assets/{key} (admin). */
export function deleteSiteAsset(key: string): Promise<unknown> {
  return apiRequest<unknown>('DELETE', `/api/site-assets/${encodeURIComponent(key)}`)
}

export function useDeleteSiteAsset() {
  return useMutation({ mutationFn: deleteSiteAsset })
}
