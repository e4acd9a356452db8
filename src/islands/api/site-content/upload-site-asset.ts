import { useMutation } from '@tanstack/react-query'

import type { SiteAssetDto } from '#api/site-content/site-assets.schemas'
import { apiRequest } from '#islands/lib/http'

/** POST /api/site-assets/{key} (admin), multipart: the image in `file`, its description in `alt`. */
export function uploadSiteAsset({ key, file, alt }: { key: string; file: File; alt?: string }): Promise<SiteAssetDto> {
  const form = new FormData()
  form.append('file', file)
  if (alt) form.append('alt', alt)
  return apiRequest<SiteAssetDto>('POST', `/api/site-assets/${encodeURIComponent(key)}`, form)
}

export function useUploadSiteAsset() {
  return useMutation({ mutationFn: uploadSiteAsset })
}
