import type { PayloadRequest, Where } from 'payload'

import type { SiteContent, User } from '#cms/payload-types'
import { isAdminUser } from '#api/auth'
import { badInput, conflict, isUniqueViolation, notFound } from '#api/errors'
import {
  SITE_CONTENT_KEY_PATTERN,
  SITE_CONTENT_MESSAGES,
  type ContentType,
  type SiteContentCreate,
  type SiteContentDto,
  type SiteContentUpdate,
} from './schemas'
import { listPublishedSiteContent, toSiteContentDto } from './site-content'
import { sanitizeSiteHtml } from './site-content-html'

/**
 * What is stored for a content of a type: html is sanitised (decisions §6), json must parse;
 * text and markdown are kept as written (pages render them as text). Applied by the
 * collection's beforeChange hook (cms/collections/SiteContent/hooks/cleanContent.ts), so an
 * edit through /cms is cleaned exactly like one through the contract.
 */
export function cleanSiteContent(content: string, contentType: ContentType): { content: string } | { error: string } {
  if (contentType === 'html') {
    const clean = sanitizeSiteHtml(content)
    return clean === '' ? { error: SITE_CONTENT_MESSAGES.contentRequired } : { content: clean }
  }
  if (contentType === 'json') {
    try {
      JSON.parse(content)
    } catch {
      return { error: SITE_CONTENT_MESSAGES.invalidJson }
    }
  }
  return { content }
}

/**
 * Published texts for everyone, from memory; with `includeUnpublished`, every text (admins
 * only), from the database.
 */
export async function listSiteContent(req: PayloadRequest, user: User | null, options: { includeUnpublished: boolean }): Promise<SiteContentDto[]> {
  if (!(options.includeUnpublished && isAdminUser(user))) return listPublishedSiteContent(req.payload)
  const result = await req.payload.find({
    collection: 'site-content',
    where: {},
    sort: 'key',
    limit: 0,
    pagination: false,
    depth: 0,
    overrideAccess: false,
    user,
    req,
  })
  return (result.docs as SiteContent[]).map(toSiteContentDto)
}

/** One text by key, as `caller` may see it (visitors: published only), or with no access check when `caller` is 'unchecked'; or null. */
async function findByKey(req: PayloadRequest, key: string, caller: User | null | 'unchecked'): Promise<SiteContent | null> {
  if (!SITE_CONTENT_KEY_PATTERN.test(key) || key.length > 120) return null
  const where: Where = { key: { equals: key } }
  const result = await req.payload.find({
    collection: 'site-content',
    where,
    limit: 1,
    depth: 0,
    overrideAccess: caller === 'unchecked',
    user: caller === 'unchecked' ? undefined : caller,
    req,
  })
  return (result.docs[0] as SiteContent | undefined) ?? null
}

export async function getSiteContent(req: PayloadRequest, user: User | null, key: string): Promise<SiteContentDto> {
  const doc = await findByKey(req, key, user)
  if (!doc) throw notFound(SITE_CONTENT_MESSAGES.notFound)
  return toSiteContentDto(doc)
}

const alreadyExists = (key: string) => conflict(`A site text with the key "${key}" already exists.`)

/*
 * Writes invalidate the page cache twice: the collection's hooks do it inside the write's
 * transaction, and these operations again once the Local API call has committed, so a page
 * render that ran in between cannot keep the old text cached.
 */

/** Admin: a new text. The editor falls back to PATCH on 409 (decisions §6). */
export async function createSiteContent(req: PayloadRequest, user: User, input: SiteContentCreate): Promise<SiteContentDto> {
  if (await findByKey(req, input.key, 'unchecked')) throw alreadyExists(input.key)
  try {
    const doc = await req.payload.create({
      collection: 'site-content',
      data: {
        key: input.key,
        title: input.title,
        content: input.content,
        section: input.section,
        contentType: input.contentType,
        isPublished: input.isPublished,
      },
      depth: 0,
      overrideAccess: false,
      user,
      req,
    })
    return toSiteContentDto(doc as SiteContent)
  } catch (error) {
    // Two editors creating the same key at once: the unique index decides.
    if (isUniqueViolation(error)) throw alreadyExists(input.key)
    throw error
  }
}

/** Admin: change a text. The key is fixed; the editor is recorded by the collection's hook. */
export async function updateSiteContent(req: PayloadRequest, user: User, key: string, input: SiteContentUpdate): Promise<SiteContentDto> {
  const existing = await findByKey(req, key, 'unchecked')
  if (!existing) throw notFound(SITE_CONTENT_MESSAGES.notFound)
  if (input.key !== undefined && input.key !== existing.key) {
    throw badInput(SITE_CONTENT_MESSAGES.keyImmutable, [{ path: 'key', message: SITE_CONTENT_MESSAGES.keyImmutable }])
  }
  const data: Partial<SiteContent> = {}
  if (input.title !== undefined) data.title = input.title
  if (input.section !== undefined) data.section = input.section
  if (input.contentType !== undefined) data.contentType = input.contentType
  if (input.isPublished !== undefined) data.isPublished = input.isPublished
  // The collection's hook cleans the content for its type (also when only the type changes).
  if (input.content !== undefined) data.content = input.content
  const doc = await req.payload.update({
    collection: 'site-content',
    id: existing.id,
    data,
    depth: 0,
    overrideAccess: false,
    user,
    req,
  })
  return toSiteContentDto(doc as SiteContent)
}

/** Admin: remove a text; the page shows its built-in default again. */
export async function deleteSiteContent(req: PayloadRequest, user: User, key: string): Promise<void> {
  const existing = await findByKey(req, key, 'unchecked')
  if (!existing) throw notFound(SITE_CONTENT_MESSAGES.notFound)
  await req.payload.delete({ collection: 'site-content', id: existing.id, overrideAccess: false, user, req })
}
