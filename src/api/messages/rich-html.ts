import { escapeHtml } from '#api/email'
import { isSafeHref, TEXT_FORMAT, type RichBlock, type RichInline, type RichList, type RichTextDocument } from './rich-text.schemas'

/**
 * A message's rich text as the email's HTML (decisions §33): built from the rebuilt document's
 * allowed nodes only, every text escaped, a link only to a web or mail address (anything else
 * reads as its words), inline styles because mail clients drop style sheets.
 */

const P = 'margin:0 0 16px'
const HEADING: Record<'h2' | 'h3' | 'h4', string> = {
  h2: 'margin:0 0 12px;font-size:20px',
  h3: 'margin:0 0 12px;font-size:18px',
  h4: 'margin:0 0 12px;font-size:16px',
}

function text(node: Extract<RichInline, { type: 'text' }>): string {
  let html = escapeHtml(node.text)
  if (node.format & TEXT_FORMAT.bold) html = `<strong>${html}</strong>`
  if (node.format & TEXT_FORMAT.italic) html = `<em>${html}</em>`
  if (node.format & TEXT_FORMAT.underline) html = `<u>${html}</u>`
  if (node.format & TEXT_FORMAT.strikethrough) html = `<s>${html}</s>`
  return html
}

function inline(nodes: readonly (RichInline | RichList)[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return text(node)
      if (node.type === 'linebreak') return '<br>'
      if (node.type === 'list') return list(node)
      const label = inline(node.children) || escapeHtml(node.fields.url)
      return isSafeHref(node.fields.url) ? `<a href="${escapeHtml(node.fields.url)}" style="color:#6d28d9">${label}</a>` : label
    })
    .join('')
}

function list(node: RichList): string {
  const items = node.children.map((item) => `<li style="margin:0 0 4px">${inline(item.children)}</li>`).join('')
  const start = node.tag === 'ol' && node.start !== 1 ? ` start="${node.start}"` : ''
  return `<${node.tag}${start} style="margin:0 0 16px;padding-left:24px">${items}</${node.tag}>`
}

function block(node: RichBlock): string {
  if (node.type === 'list') return list(node)
  if (node.type === 'heading') return `<${node.tag} style="${HEADING[node.tag]}">${inline(node.children)}</${node.tag}>`
  return `<p style="${P}">${inline(node.children)}</p>`
}

export function richToEmailHtml(doc: RichTextDocument): string {
  return doc.root.children.map(block).join('\n')
}
