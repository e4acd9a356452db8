import { describe, expect, it } from 'vitest'

import { richToEmailHtml } from './rich-html'
import { isSafeHref, messageBodySchema, readRichBody, richFromPlainText, richToPlainText, RICH_TEXT_TEXTS } from './rich-text.schemas'

const text = (value: string, format = 0) => ({ type: 'text', text: value, format })
const doc = (...children: unknown[]) => ({ root: { type: 'root', children } })

describe('a message body', () => {
  it('turns a plain string into paragraphs and back, line breaks kept', () => {
    const body = richFromPlainText('One.\r\n\r\nTwo\nlines.\n\n\n  ')
    expect(body.root.children.map((node) => node.type)).toEqual(['paragraph', 'paragraph'])
    expect(richToPlainText(body)).toBe('One.\n\nTwo\nlines.')
    expect(richToEmailHtml(body)).toBe('<p style="margin:0 0 16px">One.</p>\n<p style="margin:0 0 16px">Two<br>lines.</p>')
  })

  it('rebuilds a Lexical document from its allowed parts: styles, unknown fields and formats dropped, links the Payload way', () => {
    const parsed = messageBodySchema.parse(
      doc({
        type: 'paragraph',
        onclick: 'x',
        children: [
          { ...text('Hi', 1 | 2 | 16 | 64), style: 'color:red' },
          { type: 'link', url: 'mailto:studio@example.com', rel: 'x', children: [text('mail us')] },
        ],
      }),
    )
    expect(JSON.stringify(parsed)).not.toMatch(/onclick|color:red|"rel"/)
    expect(parsed.root.children[0]).toMatchObject({
      children: [{ format: 3 }, { type: 'link', fields: { url: 'mailto:studio@example.com', linkType: 'custom' } }],
    })
    expect(richToEmailHtml(parsed)).toContain('<em><strong>Hi</strong></em><a href="mailto:studio@example.com" style="color:#6d28d9">mail us</a>')
    expect(richToPlainText(parsed)).toBe('Himail us (mailto:studio@example.com)')
  })

  it('writes lists as lines, numbered from their start, nested ones indented', () => {
    const item = (...children: unknown[]) => ({ type: 'listitem', children })
    const parsed = messageBodySchema.parse(
      doc({
        type: 'list',
        listType: 'number',
        start: 3,
        children: [item(text('Warm up')), item(text('Barre'), { type: 'list', listType: 'bullet', children: [item(text('Pliés'))] })],
      }),
    )
    expect(richToPlainText(parsed)).toBe('3. Warm up\n4. Barre\n  - Pliés')
    expect(richToEmailHtml(parsed)).toContain('<ol start="3"')
  })

  it('refuses what it cannot render, with the words to show', () => {
    const refused = (value: unknown) => messageBodySchema.safeParse(value).error?.issues[0]?.message
    expect(refused(undefined)).toBe(RICH_TEXT_TEXTS.bodyRequired)
    expect(refused(doc({ type: 'quote', children: [text('x')] }))).toBe(RICH_TEXT_TEXTS.bodyInvalid)
    expect(refused(doc({ type: 'paragraph', children: [{ type: 'link', url: 'javascript:alert(1)', children: [] }] }))).toBe(RICH_TEXT_TEXTS.linkInvalid)
    expect(refused(doc({ type: 'paragraph', children: [text(' ')] }))).toBe(RICH_TEXT_TEXTS.bodyRequired)
  })

  it('takes only web and mail addresses as links', () => {
    expect(['https://a.example/x?y=1', 'http://a.example', 'mailto:a@b.example'].every(isSafeHref)).toBe(true)
    expect(
      ['javascript:alert(1)', 'JAVASCRIPT:x', 'data:text/html,x', '//evil.example', 'https://a.example/"onmouseover=x', 'vbscript:x'].some(isSafeHref),
    ).toBe(false)
  })

  it('reads a stored body it cannot rebuild as its words only, never as markup or a link', () => {
    expect(readRichBody({ root: { type: 'root', children: [{ type: 'html', html: '<script>' }] } }).root.children).toEqual([])
    const fromCms = readRichBody(
      doc(
        { type: 'paragraph', children: [text('Bold', 1), { type: 'link', fields: { url: 'javascript:alert(1)' }, children: [text(' click')] }] },
        { type: 'upload', value: 3 },
        { type: 'paragraph', children: [text('End')] },
      ),
    )
    expect(richToPlainText(fromCms)).toBe('Bold click\n\nEnd')
    expect(richToEmailHtml(fromCms)).not.toMatch(/javascript|<a |<strong>/)
    expect(richToPlainText(readRichBody('Old text'))).toBe('Old text')
  })
})
