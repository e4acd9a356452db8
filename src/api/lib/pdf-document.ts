import { PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib'

import { advance, faceFor, facesOf, loadPdfFonts, type Face, type FaceWeight } from './pdf-fonts'

/**
 * A printable document of lines made with pdf-lib (A4): the policies' signed copy and the
 * report card both write through it. It writes with the Noto faces of `pdf-fonts.ts`, each
 * character in the first face that has it (Latin, Vietnamese, Polish, Greek, Cyrillic, Chinese,
 * Japanese, Korean, emoji), so a name prints, and reads back, as it was typed; only a character
 * none of them has (a private-use or unassigned code point) prints as "?". The text is written
 * in composed form (NFC).
 */
export type PdfWriteOptions = { size?: number; bold?: boolean; gapBefore?: number; gapAfter?: number }

const PAGE = { width: 595, height: 842 }

/** A stretch of a line in one face, and its width. */
type Run = { face: Face; text: string; width: number }
type Line = { page: PDFPage; x: number; y: number; size: number; runs: Run[] }

/** The runs of a text: each character in the first face that has it, "?" when none has. */
function runsOf(faces: Face[], text: string, size: number): Run[] {
  const runs: Run[] = []
  for (const character of text) {
    let codePoint = character.codePointAt(0)!
    let face = faceFor(faces, codePoint)
    if (!face) [codePoint, face] = [0x3f, faces[0]!]
    const last = runs.at(-1)
    const width = advance(face, codePoint, size)
    const printed = String.fromCodePoint(codePoint)
    if (last?.face === face) {
      last.text += printed
      last.width += width
    } else runs.push({ face, text: printed, width })
  }
  return runs
}

const widthOf = (runs: Run[]) => runs.reduce((sum, run) => sum + run.width, 0)

/** Breaks text (paragraphs on "\n") into lines no wider than `width` at this size. */
function wrap(faces: Face[], size: number, text: string, width: number): string[] {
  const space = widthOf(runsOf(faces, ' ', size))
  return text
    .normalize('NFC')
    .split('\n')
    .flatMap((paragraph) => {
      const lines: string[] = []
      let line = ''
      let lineWidth = 0
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const wordWidth = widthOf(runsOf(faces, word, size))
        if (line && lineWidth + space + wordWidth > width) {
          lines.push(line)
          ;[line, lineWidth] = [word, wordWidth]
        } else {
          ;[line, lineWidth] = line ? [`${line} ${word}`, lineWidth + space + wordWidth] : [word, wordWidth]
        }
      }
      lines.push(line)
      return lines
    })
}

export class PdfWriter {
  private page: PDFPage
  private y: number
  /** The lines laid out so far, drawn by `save` with the faces they use embedded. */
  private readonly lines: Line[] = []
  private constructor(
    private readonly pdf: PDFDocument,
    private readonly faces: Record<FaceWeight, Face[]>,
    private readonly margin: number,
    private readonly defaultSize: number,
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - margin
  }

  /** A new document with its title and creator (the academy) in its properties. */
  static async create(meta: { title: string; creator: string; margin?: number; size?: number }): Promise<PdfWriter> {
    const pdf = await PDFDocument.create()
    pdf.registerFontkit(await loadPdfFonts())
    pdf.setTitle(meta.title)
    pdf.setCreator(meta.creator)
    return new PdfWriter(pdf, { regular: facesOf('regular'), bold: facesOf('bold') }, meta.margin ?? 50, meta.size ?? 10)
  }

  /** Writes text top to bottom, wrapped to the page, a new page when one is full. */
  write(text: string, options: PdfWriteOptions = {}): this {
    const size = options.size ?? this.defaultSize
    const faces = this.faces[options.bold ? 'bold' : 'regular']
    this.y -= options.gapBefore ?? 0
    for (const line of wrap(faces, size, text, PAGE.width - 2 * this.margin)) {
      if (this.y < this.margin + size) {
        this.page = this.pdf.addPage([PAGE.width, PAGE.height])
        this.y = PAGE.height - this.margin
      }
      this.lines.push({ page: this.page, x: this.margin, y: this.y - size, size, runs: runsOf(faces, line, size) })
      this.y -= size * 1.4
    }
    this.y -= options.gapAfter ?? 4
    return this
  }

  /** The document's bytes: each face embedded once, as the subset of the glyphs it draws. */
  async save(): Promise<Uint8Array> {
    const fonts = new Map<string, PDFFont>()
    for (const { page, x, y, size, runs } of this.lines.splice(0)) {
      let left = x
      for (const run of runs) {
        let font = fonts.get(run.face.key)
        if (!font) fonts.set(run.face.key, (font = await this.pdf.embedFont(run.face.bytes, { subset: true })))
        page.drawText(run.text, { x: left, y, size, font })
        left += run.width
      }
    }
    return this.pdf.save()
  }
}

/** The answer of a PDF endpoint: a download, never cached. */
export function pdfResponse(bytes: Uint8Array, filename: string): Response {
  return new Response(Buffer.from(bytes), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' },
  })
}
