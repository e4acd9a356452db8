import type { Payload } from 'payload'

import type { SiteAsset, SiteContent } from '#cms/payload-types'
import type { SiteContentDto } from './schemas'
import { SITE_CONTENT_DEFAULTS, type SiteContentKey } from './defaults.schemas'
import { toSiteAssetDto } from './site-asset-files'
import { siteContentCache, type SiteContentSnapshot } from './site-content-cache'

export function toSiteContentDto(doc: SiteContent): SiteContentDto {
  return {
    key: doc.key,
    title: doc.title,
    content: doc.content,
    section: doc.section,
    contentType: doc.contentType,
    isPublished: doc.isPublished !== false,
    updatedAt: doc.updatedAt,
  }
}

async function loadSnapshot(payload: Payload): Promise<SiteContentSnapshot> {
  const [texts, assets] = await Promise.all([
    // Sorted as GET /api/site-content lists them (the database's collation decides).
    payload.find({ collection: 'site-content', where: { isPublished: { equals: true } }, sort: 'key', limit: 0, pagination: false, depth: 0 }),
    payload.find({ collection: 'site-assets', limit: 0, pagination: false, depth: 0 }),
  ])
  const snapshot: SiteContentSnapshot = { texts: new Map(), published: [], assets: new Map() }
  for (const doc of texts.docs as SiteContent[]) {
    snapshot.texts.set(doc.key, { content: doc.content, contentType: doc.contentType })
    snapshot.published.push(toSiteContentDto(doc))
  }
  for (const doc of assets.docs as SiteAsset[]) {
    // The same urls as GET /api/site-assets/{key}: our own file route, not Payload's.
    const asset = toSiteAssetDto(doc)
    if (asset) snapshot.assets.set(doc.key, { url: asset.url, alt: asset.alt, srcset: asset.srcset })
  }
  return snapshot
}

export type SiteTexts = {
  /** The stored text for a key, or its built-in default. */
  text(key: SiteContentKey): string
  image(key: string): { url: string; alt: string; srcset: string } | null
}

/** One SiteTexts per snapshot, so callers can tell by identity whether the texts changed. */
const textsBySnapshot = new WeakMap<SiteContentSnapshot, SiteTexts>()

/**
 * Published texts with their defaults, served from memory until an edit invalidates them.
 * The same object is returned until then (the public pages' HTML cache keys on it).
 */
export async function getSiteTexts(payload: Payload): Promise<SiteTexts> {
  const snapshot = await siteContentCache.get(() => loadSnapshot(payload))
  let texts = textsBySnapshot.get(snapshot)
  if (!texts) {
    texts = {
      text: (key) => snapshot.texts.get(key)?.content ?? SITE_CONTENT_DEFAULTS[key],
      image: (key) => snapshot.assets.get(key) ?? null,
    }
    textsBySnapshot.set(snapshot, texts)
  }
  return texts
}

/** The published texts in the contract's shape, from memory (the same snapshot the pages use). */
export async function listPublishedSiteContent(payload: Payload): Promise<SiteContentDto[]> {
  return (await siteContentCache.get(() => loadSnapshot(payload))).published
}
