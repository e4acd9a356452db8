/**
 * A plain text PDF (PDF 1.4, the standard Helvetica faces, A4 pages): enough for a printable
 * document of lines, such as a report card, without a PDF library. Text is written in WinAnsi
 * (Latin-1): typographic quotes and dashes become their plain forms, anything else outside it "?".
 */
export type PdfLine = { text: string; size?: number; bold?: boolean; gapBefore?: number }

const PAGE = { width: 595, height: 842, margin: 56 }

function latin1(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\x20-\xff]/g, '?')
}

const escape = (text: string) => latin1(text).replace(/[\\()]/g, (c) => `\\${c}`)

/** Breaks a line into pieces that fit the page at that size (Helvetica's average width, half the size). */
function wrap(text: string, size: number): string[] {
  const max = Math.floor((PAGE.width - 2 * PAGE.margin) / (size * 0.5))
  const pieces: string[] = []
  let current = ''
  for (const word of text.split(/\s+/)) {
    if (current && (current + ' ' + word).length > max) {
      pieces.push(current)
      current = word
    } else current = current ? `${current} ${word}` : word
  }
  return [...pieces, current]
}

/** The lines laid out top to bottom, a new page when one is full; the bytes of the document. */
export function textPdf(lines: readonly PdfLine[]): Uint8Array<ArrayBuffer> {
  const pages: string[][] = [[]]
  let y = PAGE.height - PAGE.margin
  for (const line of lines) {
    const size = line.size ?? 11
    y -= line.gapBefore ?? 0
    for (const piece of wrap(line.text, size)) {
      if (y - size * 1.4 < PAGE.margin) {
        pages.push([])
        y = PAGE.height - PAGE.margin
      }
      y -= size * 1.4
      pages.at(-1)!.push(`BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${PAGE.margin} ${y.toFixed(1)} Td (${escape(piece)}) Tj ET`)
    }
  }
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${5 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ]
  pages.forEach((content, i) => {
    const stream = content.join('\n')
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${6 + 2 * i} 0 R >>`,
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    )
  })
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(body, 'latin1'))
}

/** The answer of a PDF endpoint: a download, never cached. */
export function pdfResponse(bytes: Uint8Array<ArrayBuffer>, filename: string): Response {
  return new Response(bytes, {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' },
  })
}
