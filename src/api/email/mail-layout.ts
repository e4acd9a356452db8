/**
 * The one layout of every email the academy sends (decisions §7, §19): an HTML part and a
 * plain-text part made from the same blocks, so the two always say the same. Every value is
 * escaped in the HTML: a family named `<b>Ann</b>` reads its name as typed, never as markup.
 */

/**
 * A paragraph (one line of text), a link, labelled facts, a multi-line text kept as written (a
 * visitor's message), or a formatted text with its plain form (a message's rich text): `markup`
 * is HTML its maker built safe (every text escaped), and is put in as it is.
 */
export type MailBlock =
  string | { link: string } | { facts: ReadonlyArray<readonly [label: string, value: string]> } | { quote: string } | { markup: string; text: string }

export type MailContent = { subject: string; text: string; html: string }

export type MailInput = {
  /** The academy's name (its site name): at the head of the HTML and as the signature. */
  academyName: string
  subject: string
  /** 'Hello Ann,'; omitted in a notice to the academy itself. */
  greeting?: string
  blocks: readonly MailBlock[]
  /** Why the reader receives it (their notification settings), in small print. */
  footnote?: string
}

/** One line: a name or a subject can never start a new header or paragraph. */
export const oneLine = (value: string) => value.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim()

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

/** Only web addresses become links; anything else is shown as text. */
const isWebLink = (value: string) => /^https?:\/\/[^\s]+$/i.test(value)

const FONT = "font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1f2937"

function blockText(block: MailBlock): string {
  if (typeof block === 'string') return oneLine(block)
  if ('link' in block) return block.link
  if ('facts' in block) return block.facts.map(([label, value]) => `${oneLine(label)}: ${oneLine(value)}`).join('\n')
  if ('markup' in block) return block.text.replace(/\r\n?/g, '\n').trim()
  return block.quote.replace(/\r\n?/g, '\n').trim()
}

function blockHtml(block: MailBlock): string {
  if (typeof block === 'string') return `<p style="margin:0 0 16px">${escapeHtml(oneLine(block))}</p>`
  if ('link' in block) {
    const url = escapeHtml(block.link)
    return isWebLink(block.link)
      ? `<p style="margin:0 0 16px"><a href="${url}" style="color:#6d28d9;word-break:break-all">${url}</a></p>`
      : `<p style="margin:0 0 16px">${url}</p>`
  }
  if ('facts' in block) {
    const rows = block.facts
      .map(
        ([label, value]) =>
          `<tr><th align="left" style="padding:2px 12px 2px 0;font-weight:600">${escapeHtml(oneLine(label))}</th><td>${escapeHtml(oneLine(value))}</td></tr>`,
      )
      .join('')
    return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`
  }
  if ('markup' in block) return block.markup
  const lines = block.quote.replace(/\r\n?/g, '\n').trim().split('\n').map(escapeHtml).join('<br>')
  return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d1d5db;background:#f9fafb">${lines}</blockquote>`
}

export function composeMail(input: MailInput): MailContent {
  const academy = oneLine(input.academyName)
  const subject = oneLine(input.subject).slice(0, 200)
  const text = [
    ...(input.greeting ? [oneLine(input.greeting), ''] : []),
    ...input.blocks.flatMap((block) => [blockText(block), '']),
    ...(input.footnote ? [oneLine(input.footnote), ''] : []),
    academy,
  ].join('\n')
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f3f4f6"><div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;${FONT}">`,
    `<p style="margin:0 0 20px;font-size:18px;font-weight:700">${escapeHtml(academy)}</p>`,
    input.greeting ? `<p style="margin:0 0 16px">${escapeHtml(oneLine(input.greeting))}</p>` : '',
    ...input.blocks.map(blockHtml),
    input.footnote ? `<p style="margin:24px 0 0;font-size:13px;color:#6b7280">${escapeHtml(oneLine(input.footnote))}</p>` : '',
    `<p style="margin:16px 0 0;color:#6b7280">${escapeHtml(academy)}</p>`,
    '</div></body></html>',
  ].join('\n')
  return { subject, text, html }
}
