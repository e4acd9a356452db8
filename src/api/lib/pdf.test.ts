import { describe, expect, it } from 'vitest'

import { textPdf } from './pdf'

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1')

describe('textPdf', () => {
  it('writes a PDF whose cross-reference table points at each object', () => {
    const pdf = text(textPdf([{ text: 'Report card', bold: true, size: 18 }, { text: 'Pliés (barre): 3 · Secure' }]))
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true)
    expect(pdf.endsWith('%%EOF\n')).toBe(true)
    const start = Number(/startxref\n(\d+)/.exec(pdf)![1])
    expect(pdf.slice(start, start + 4)).toBe('xref')
    const offsets = [...pdf.slice(start).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true))
    // Parentheses are escaped, Latin-1 letters kept, typographic marks made plain.
    expect(pdf).toContain('(Pli\xe9s \\(barre\\): 3 \xb7 Secure) Tj')
    expect(text(textPdf([{ text: 'Teacher’s “note” – ok ✓' }]))).toContain(`(Teacher's "note" - ok ?) Tj`)
  })

  it('starts a new page when one is full', () => {
    const pdf = text(textPdf(Array.from({ length: 80 }, (_, i) => ({ text: `Line ${i}` }))))
    expect(pdf).toContain('/Count 2')
  })
})
