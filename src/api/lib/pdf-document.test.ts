import { describe, expect, it } from 'vitest'

import { PdfWriter } from './pdf-document'

/** Each page's text as pdfjs reads it. */
async function pagesOf(bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const standardFontDataUrl = new URL('../../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url).pathname
  const pdf = await getDocument({ data: bytes, useSystemFonts: false, standardFontDataUrl }).promise
  const pages: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''))
  }
  return pages
}

describe('PdfWriter', () => {
  it('writes every name as it was typed, whatever its script, and reads it back from the text', async () => {
    const names = ['Nguyễn Thị Łucja 王芳', 'Zoë Brontë-Żółć', 'さくら 田中', '김지우', 'Ωμέγα Жанна', 'Teacher’s “note” – ok']
    const pdf = await PdfWriter.create({ title: 'Report card', creator: 'Academy' })
    pdf.write(names[0]!, { bold: true })
    for (const name of names.slice(1)) pdf.write(name)
    const bytes = await pdf.save()
    const [page] = await pagesOf(bytes)
    for (const name of names) expect(page).toContain(name)
    expect(page).not.toContain('?')
    // Each face is a subset of the glyphs it draws: the document stays small.
    expect(bytes.length).toBeLessThan(200_000)
  }, 60_000)

  it('writes a name typed in decomposed form composed, emoji as typed, and only a character no face has as "?"', async () => {
    const pdf = await PdfWriter.create({ title: 'Report card', creator: 'Academy' })
    pdf.write('Nguye\u0302\u0303n 🩰')
    pdf.write('Mia 🎭❤️ 👩🏽‍🎤', { bold: true })
    pdf.write('Private \u{F0000} use')
    const [page] = await pagesOf(await pdf.save())
    expect(page).toContain('Nguyễn 🩰')
    // A zero-width joiner is drawn, and not read back by pdfjs.
    expect(page).toContain('Mia 🎭❤️ 👩🏽🎤')
    expect(page).toContain('Private ? use')
  })

  it('writes a later document of the process as right as the first, after accented letters were subset', async () => {
    const read = async (text: string) => {
      const pdf = await PdfWriter.create({ title: 'Report card', creator: 'Academy' })
      pdf.write(text, { bold: true })
      pdf.write(text)
      return (await pagesOf(await pdf.save()))[0]
    }
    const first = 'Nguyễn Thị Łucja 王芳'
    expect(await read(first)).toBe(`${first}\n${first}`)
    for (const later of ['Mia Lindqvist', 'Mia Lindqvist', first]) expect(await read(later)).toBe(`${later}\n${later}`)
  })

  it('keeps a Latin-only document quick and small: only the faces it uses are embedded', async () => {
    const started = performance.now()
    const pdf = await PdfWriter.create({ title: 'Policy', creator: 'Academy' })
    for (let i = 0; i < 40; i++) pdf.write(`Paragraph ${i}: the family agrees to the studio's policy, word for word, as published.`)
    const bytes = await pdf.save()
    expect(bytes.length).toBeLessThan(60_000)
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('starts a new page when one is full', async () => {
    const pdf = await PdfWriter.create({ title: 'Long', creator: 'Academy' })
    for (let i = 0; i < 80; i++) pdf.write(`Line ${i}`)
    const pages = await pagesOf(await pdf.save())
    expect(pages).toHaveLength(2)
    expect(pages[1]).toContain('Line 79')
  })
})
