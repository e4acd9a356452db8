import { z } from 'zod'

/**
 * A message's body as rich text (issue 25, decisions §33): Payload's Lexical JSON, limited to
 * paragraphs, headings, bulleted and numbered lists, links (http, https, mailto) and bold,
 * italic, underlined or struck-through text. Whatever comes in (the console's editor, /cms, a
 * plain string) is rebuilt here node by node from the allowed fields only, so a stored body never
 * carries a style, an attribute or a node the renderers do not know. Browser-safe: the composer,
 * the inbox and the server share it.
 */

export const RICH_TEXT_LIMITS = { json: 100_000, text: 20_000, nodes: 5_000, depth: 12 } as const

export const RICH_TEXT_TEXTS = {
  bodyRequired: 'Please write the message',
  bodyTooLong: `The message must be at most ${RICH_TEXT_LIMITS.text} characters`,
  bodyTooLarge: 'The message is too large to send: please shorten it',
  bodyInvalid: 'The message has a part that cannot be sent: use paragraphs, headings, lists, links and bold or italic text only',
  linkInvalid: 'A link must start with http://, https:// or mailto: and be at most 2000 characters',
} as const

/** Text formats kept (Lexical's bits): bold, italic, strikethrough, underline. Others are dropped. */
export const TEXT_FORMAT = { bold: 1, italic: 2, strikethrough: 4, underline: 8 } as const
const KEPT_FORMATS = TEXT_FORMAT.bold | TEXT_FORMAT.italic | TEXT_FORMAT.strikethrough | TEXT_FORMAT.underline

export type RichInline =
  | { type: 'text'; text: string; format: number; detail: 0; mode: 'normal'; style: ''; version: 1 }
  | { type: 'linebreak'; version: 1 }
  | (ElementBase & { type: 'link'; fields: { url: string; newTab: false; linkType: 'custom' }; children: RichInline[] })
export type ElementBase = { direction: 'ltr' | null; format: ''; indent: 0; version: number }
export type RichListItem = ElementBase & { type: 'listitem'; value: number; children: (RichInline | RichList)[] }
export type RichList = ElementBase & { type: 'list'; listType: 'bullet' | 'number'; tag: 'ul' | 'ol'; start: number; children: RichListItem[] }
export type RichBlock =
  | (ElementBase & { type: 'paragraph'; children: RichInline[] })
  | (ElementBase & { type: 'heading'; tag: 'h2' | 'h3' | 'h4'; children: RichInline[] })
  | RichList
export type RichTextDocument = { root: ElementBase & { type: 'root'; children: RichBlock[] } }

/** Only web and mail addresses are links. */
export const isSafeHref = (url: string) => url.length <= 2000 && /^(https?:\/\/[^\s<>"]+|mailto:[^\s<>"]+)$/i.test(url)

const element = (version = 1): ElementBase => ({ direction: 'ltr', format: '', indent: 0, version })
const textNode = (text: string, format = 0): RichInline => ({
  type: 'text',
  text,
  format: format & KEPT_FORMATS,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
})

/** A plain text as paragraphs (a blank line starts one; a single line break stays inside it): teachers, notices, older messages. */
export function richFromPlainText(body: string): RichTextDocument {
  const paragraphs = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
  const children: RichBlock[] = paragraphs.map((part) => ({
    ...element(),
    type: 'paragraph',
    children: part.split('\n').flatMap((line, index): RichInline[] => (index === 0 ? [textNode(line)] : [{ type: 'linebreak', version: 1 }, textNode(line)])),
  }))
  return { root: { ...element(), type: 'root', children } }
}

class Refused extends Error {}

type Raw = Record<string, unknown>
const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Rebuilds an untrusted Lexical document from its allowed parts; throws Refused with the words to show. */
function rebuild(input: unknown): RichTextDocument {
  let nodes = 0
  const childrenOf = (node: Raw, depth: number): Raw[] => {
    if (depth > RICH_TEXT_LIMITS.depth) throw new Refused(RICH_TEXT_TEXTS.bodyTooLarge)
    if (!Array.isArray(node.children)) throw new Refused(RICH_TEXT_TEXTS.bodyInvalid)
    nodes += node.children.length
    if (nodes > RICH_TEXT_LIMITS.nodes) throw new Refused(RICH_TEXT_TEXTS.bodyTooLarge)
    return node.children.map((child) => {
      if (!isObject(child)) throw new Refused(RICH_TEXT_TEXTS.bodyInvalid)
      return child
    })
  }
  const inline = (node: Raw, depth: number): RichInline => {
    if (node.type === 'text' || node.type === 'tab') {
      const text = typeof node.text === 'string' ? node.text : null
      if (text === null) throw new Refused(RICH_TEXT_TEXTS.bodyInvalid)
      return textNode(text, typeof node.format === 'number' ? node.format : 0)
    }
    if (node.type === 'linebreak') return { type: 'linebreak', version: 1 }
    if (node.type === 'link' || node.type === 'autolink') {
      // Lexical's own link keeps `url`; Payload's keeps `fields.url`. Stored the Payload way, so /cms opens it.
      const url = isObject(node.fields) ? node.fields.url : node.url
      if (typeof url !== 'string' || !isSafeHref(url.trim())) throw new Refused(RICH_TEXT_TEXTS.linkInvalid)
      const children = childrenOf(node, depth).map((child) => inline(child, depth + 1))
      return { ...element(3), type: 'link', fields: { url: url.trim(), newTab: false, linkType: 'custom' }, children }
    }
    throw new Refused(RICH_TEXT_TEXTS.bodyInvalid)
  }
  const list = (node: Raw, depth: number): RichList => {
    const numbered = node.listType === 'number'
    if (!numbered && node.listType !== 'bullet') throw new Refused(RICH_TEXT_TEXTS.bodyInvalid)
    const items = childrenOf(node, depth).map((item, index): RichListItem => {
      if (item.type !== 'listitem') throw new Refused(RICH_TEXT_TEXTS.bodyInvalid)
      const children = childrenOf(item, depth + 1).map((child) => (child.type === 'list' ? list(child, depth + 2) : inline(child, depth + 2)))
      return { ...element(), type: 'listitem', value: index + 1, children }
    })
    const start = typeof node.start === 'number' && Number.isInteger(node.start) && node.start > 0 && node.start < 10_000 ? node.start : 1
    return { ...element(), type: 'list', listType: numbered ? 'number' : 'bullet', tag: numbered ? 'ol' : 'ul', start, children: items }
  }
  const block = (node: Raw): RichBlock => {
    if (node.type === 'paragraph') return { ...element(), type: 'paragraph', children: childrenOf(node, 1).map((child) => inline(child, 2)) }
    if (node.type === 'heading') {
      const tag = node.tag === 'h1' || node.tag === 'h2' ? 'h2' : node.tag === 'h3' ? 'h3' : /^h[4-6]$/.test(String(node.tag)) ? 'h4' : null
      if (!tag) throw new Refused(RICH_TEXT_TEXTS.bodyInvalid)
      return { ...element(), type: 'heading', tag, children: childrenOf(node, 1).map((child) => inline(child, 2)) }
    }
    if (node.type === 'list') return list(node, 1)
    throw new Refused(RICH_TEXT_TEXTS.bodyInvalid)
  }
  if (!isObject(input) || !isObject(input.root) || input.root.type !== 'root') throw new Refused(RICH_TEXT_TEXTS.bodyInvalid)
  const children = childrenOf(input.root, 0).map(block)
  return { root: { ...element(), type: 'root', children } }
}

const inlineText = (nodes: readonly (RichInline | RichList)[], indent: string): string =>
  nodes
    .map((node) => {
      if (node.type === 'text') return node.text
      if (node.type === 'linebreak') return '\n'
      if (node.type === 'list') return `\n${listText(node, `${indent}  `)}`
      const label = inlineText(node.children, indent)
      return label.trim() === '' || label.trim() === node.fields.url ? node.fields.url : `${label} (${node.fields.url})`
    })
    .join('')

const listText = (list: RichList, indent = ''): string =>
  list.children.map((item, index) => `${indent}${list.listType === 'number' ? `${list.start + index}.` : '-'} ${inlineText(item.children, indent)}`).join('\n')

/** The body as plain text (the email's text part, previews): blocks apart by a blank line, list items as "- " or "1. ", a link's address after its words. */
export function richToPlainText(doc: RichTextDocument): string {
  return doc.root.children
    .map((node) => (node.type === 'list' ? listText(node) : inlineText(node.children, '')).trim())
    .filter(Boolean)
    .join('\n\n')
}

/**
 * A message's body as the API takes it: the Lexical JSON of the console's editor, or (teachers,
 * older callers) a plain string, turned into paragraphs. Bounded, rebuilt, never empty.
 */
export const messageBodySchema = z.unknown().transform((value, ctx): RichTextDocument => {
  const refuse = (message: string) => (ctx.addIssue({ code: 'custom', message }), z.NEVER)
  if (value === undefined || value === null) return refuse(RICH_TEXT_TEXTS.bodyRequired)
  if (typeof value === 'string') {
    if (value.trim().length > RICH_TEXT_LIMITS.text) return refuse(RICH_TEXT_TEXTS.bodyTooLong)
    const doc = richFromPlainText(value)
    return doc.root.children.length === 0 ? refuse(RICH_TEXT_TEXTS.bodyRequired) : doc
  }
  if (JSON.stringify(value).length > RICH_TEXT_LIMITS.json) return refuse(RICH_TEXT_TEXTS.bodyTooLarge)
  let doc: RichTextDocument
  try {
    doc = rebuild(value)
  } catch (error) {
    if (error instanceof Refused) return refuse(error.message)
    throw error
  }
  const text = richToPlainText(doc)
  if (text.trim() === '') return refuse(RICH_TEXT_TEXTS.bodyRequired)
  if (text.length > RICH_TEXT_LIMITS.text) return refuse(RICH_TEXT_TEXTS.bodyTooLong)
  return doc
})

/** Every text of a node and its children, line breaks kept: the words of a body that does not rebuild. */
function wordsOf(node: unknown): string {
  if (!isObject(node)) return ''
  if (typeof node.text === 'string') return node.text
  if (node.type === 'linebreak') return '\n'
  return Array.isArray(node.children) ? node.children.map(wordsOf).join('') : ''
}

/**
 * A stored body read back, rebuilt again (/cms writes bodies too, past the API's check): one
 * that does not rebuild (a link to another kind of address, a node this app does not render)
 * reads as its words in paragraphs, without formatting and without the offending parts.
 */
export function readRichBody(stored: unknown): RichTextDocument {
  if (typeof stored === 'string') return richFromPlainText(stored)
  try {
    return rebuild(stored)
  } catch {
    const blocks = isObject(stored) && isObject(stored.root) && Array.isArray(stored.root.children) ? stored.root.children : []
    return richFromPlainText(blocks.map(wordsOf).join('\n\n').slice(0, RICH_TEXT_LIMITS.text))
  }
}
