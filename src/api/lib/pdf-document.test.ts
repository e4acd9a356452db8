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
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return pages
}

describe('PdfWriter', () => {
  it('writes WinAnsi text as it is and anything else as "?"', async () => {
    const pdf = await PdfWriter.create({ title: 'Report card', creator: 'Academy' })
    pdf.write('Pliés (barre): 3 · Secure', { bold: true }).write('Teacher’s “note” – ok ✓')
    const [page] = await pagesOf(await pdf.save())
    expect(page).toContain('Pliés (barre): 3 · Secure')
    expect(page).toContain('Teacher’s “note” – ok ?')
  })

  it('starts a new page when one is full', async () => {
    const pdf = await PdfWriter.create({ title: 'Long', creator: 'Academy' })
    for (let i = 0; i < 80; i++) pdf.write(`Line ${i}`)
    const pages = await pagesOf(await pdf.save())
    expect(pages).toHaveLength(2)
    expect(pages[1]).toContain('Line 79')
  })
})
