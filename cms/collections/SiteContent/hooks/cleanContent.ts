import { ValidationError, type CollectionBeforeChangeHook } from 'payload'

import { cleanSiteContent } from '#api/site-content'
import type { SiteContent } from '#cms/payload-types'

/**
 * Every stored site text is clean for its type, whoever writes it (the admin console through
 * the contract, an editor in /cms, a seed): html sanitised, json valid. A change of type alone
 * re-checks the text already stored.
 */
export const cleanContent: CollectionBeforeChangeHook<SiteContent> = ({ data, originalDoc, operation }) => {
  const contentType = data.contentType ?? originalDoc?.contentType ?? 'text'
  const typeChanged = operation === 'update' && data.contentType !== undefined && data.contentType !== originalDoc?.contentType
  const content = data.content ?? (typeChanged ? originalDoc?.content : undefined)
  if (typeof content !== 'string') return data
  const result = cleanSiteContent(content, contentType)
  if ('error' in result) throw new ValidationError({ collection: 'site-content', errors: [{ path: 'content', message: result.error }] })
  return { ...data, content: result.content }
}
