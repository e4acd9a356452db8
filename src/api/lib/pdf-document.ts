import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'

/**
 * A printable document of lines made with pdf-lib (A4, the standard Helvetica faces): the
 * policies' signed copy and the report card both write through it. The standard fonts write
 * WinAnsi only: typographic quotes and dashes are kept, anything else prints as "?" rather than
 * failing the document.
 */
export type PdfWriteOptions = { size?: number; bold?: boolean; gapBefore?: number; gapAfter?: number }

const PAGE = { width: 595, height: 842 }

function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet())
  return [...text].map((ch) => (supported.has(ch.codePointAt(0) ?? 0) || ch === '\n' ? ch : '?')).join('')
}

/** Breaks text (paragraphs on "\n") into lines no wider than `width` at this size. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  return printable(font, text)
    .split('\n')
    .flatMap((paragraph) => {
      const lines: string[] = []
      let line = ''
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word
        if (font.widthOfTextAtSize(next, size) > width && line) {
          lines.push(line)
          line = word
        } else line = next
      }
      lines.push(line)
      return lines
    })
}

export class PdfWriter {
  private page: PDFPage
  private y: number
  private constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    private readonly margin: number,
    private readonly defaultSize: number,
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - margin
  }

  /** A new document with its title and creator (the academy) in its properties. */
  static async create(meta: { title: string; creator: string; margin?: number; size?: number }): Promise<PdfWriter> {
    const pdf = await PDFDocument.create()
    pdf.setTitle(meta.title)
    pdf.setCreator(meta.creator)
    const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) }
    return new PdfWriter(pdf, fonts, meta.margin ?? 50, meta.size ?? 10)
  }

  /** Writes text top to bottom, wrapped to the page, a new page when one is full. */
  write(text: string, options: PdfWriteOptions = {}): this {
    const size = options.size ?? this.defaultSize
    const font = options.bold ? this.fonts.bold : this.fonts.regular
    this.y -= options.gapBefore ?? 0
    for (const line of wrap(font, size, text, PAGE.width - 2 * this.margin)) {
      if (this.y < this.margin + size) {
        this.page = this.pdf.addPage([PAGE.width, PAGE.height])
        this.y = PAGE.height - this.margin
      }
      this.page.drawText(line, { x: this.margin, y: this.y - size, size, font })
      this.y -= size * 1.4
    }
    this.y -= options.gapAfter ?? 4
    return this
  }

  /** The document's bytes. */
  async save(): Promise<Uint8Array> {
    return this.pdf.save()
  }
}

/** The answer of a PDF endpoint: a download, never cached. */
export function pdfResponse(bytes: Uint8Array, filename: string): Response {
  return new Response(Buffer.from(bytes), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' },
  })
}
