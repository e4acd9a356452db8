import { createHash } from 'node:crypto'
import type { CollectionAfterChangeHook } from 'payload'
import { convertLexicalToPlaintext } from '@payloadcms/richtext-lexical/plaintext'

import type { PolicyDocument, PolicyVersion } from '#cms/payload-types'
import { academyNow } from '#api/lib/academy-clock'
import { askAgainForVersion } from './compliance'

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** The words a family signs: the title, then the document's text as plain text (what is hashed, stored and printed). */
export function documentText(doc: Pick<PolicyDocument, 'title' | 'body'>): string {
  const body = convertLexicalToPlaintext({ data: doc.body as Parameters<typeof convertLexicalToPlaintext>[0]['data'] })
  return `${doc.title.trim()}\n\n${body.trim()}`
}

/**
 * PolicyDocuments' afterChange: a save whose words differ from the current version publishes the
 * next version (the first always), kept word for word with its SHA-256, and points the document
 * at it. Whether it asks for new signatures, and until when the old ones still let a student
 * enroll, is what the administrator ticked on this save. Same words: nothing is published.
 */
export const publishPolicyVersion: CollectionAfterChangeHook<PolicyDocument> = async ({ doc, req, context }) => {
  if (context.policyPublishing) return doc
  const text = documentText(doc)
  const hash = sha256(text)
  const { docs } = await req.payload.find({
    collection: 'policy-versions',
    where: { document: { equals: doc.id } },
    sort: '-number',
    limit: 1,
    depth: 0,
    req,
    overrideAccess: true,
  })
  const latest = docs[0] as PolicyVersion | undefined
  if (latest?.sha256 === hash) return doc
  const number = (latest?.number ?? 0) + 1
  const version = (await req.payload.create({
    collection: 'policy-versions',
    data: {
      document: doc.id,
      number,
      title: doc.title,
      text,
      sha256: hash,
      requiresResignature: latest ? doc.changeNeedsSignature !== false : true,
      resignBy: latest && doc.resignBy ? doc.resignBy : null,
      publishedAt: academyNow().toISOString(),
    },
    depth: 0,
    req,
    overrideAccess: true,
  })) as PolicyVersion
  await req.payload.update({
    collection: 'policy-documents',
    id: doc.id,
    data: { currentVersion: version.id, currentVersionNumber: number },
    depth: 0,
    req,
    overrideAccess: true,
    context: { policyPublishing: true },
  })
  if (latest && version.requiresResignature) await askAgainForVersion(req, doc, version)
  return { ...doc, currentVersion: version.id, currentVersionNumber: number }
}
