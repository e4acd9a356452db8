import type { PayloadRequest } from 'payload'
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'

import type { PolicySignature, PolicyVersion, User } from '#cms/payload-types'
import { academyMoment, academyName, composeMail, sendMail } from '#api/email'
import { notFound } from '#api/errors'
import { relationId } from '#api/lib/relations'
import { choicesOf } from './requirements'
import { POLICY_MESSAGES } from './schemas'

/**
 * The signed copy of a policy (issue 26) as a PDF made with pdf-lib: the version's text word for
 * word, the signature block, the choices and the audit data (account, time, client address,
 * SHA-256). Mailed to the guardian when they sign; downloadable by the household and administrators.
 */

const PAGE = { width: 595, height: 842, margin: 50 }

/** The standard fonts write WinAnsi only: anything else prints as "?" rather than failing the copy. */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet())
  return [...text].map((ch) => (supported.has(ch.codePointAt(0) ?? 0) || ch === '\n' ? ch : '?')).join('')
}

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

class Writer {
  private page: PDFPage
  private y = PAGE.height - PAGE.margin
  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height])
  }
  write(text: string, options: { size?: number; bold?: boolean; gap?: number } = {}): void {
    const size = options.size ?? 10
    const font = options.bold ? this.fonts.bold : this.fonts.regular
    for (const line of wrap(font, size, text, PAGE.width - 2 * PAGE.margin)) {
      if (this.y < PAGE.margin + size) {
        this.page = this.pdf.addPage([PAGE.width, PAGE.height])
        this.y = PAGE.height - PAGE.margin
      }
      this.page.drawText(line, { x: PAGE.margin, y: this.y - size, size, font })
      this.y -= size * 1.4
    }
    this.y -= options.gap ?? 4
  }
}

export type SignedCopyInput = { signature: PolicySignature; version: PolicyVersion; guardian: Pick<User, 'fullName' | 'email' | 'username'>; academy: string }

export async function signedCopyPdf({ signature, version, guardian, academy }: SignedCopyInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${version.title} (version ${version.number}), signed`)
  pdf.setCreator(academy)
  const writer = new Writer(pdf, { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) })
  writer.write(academy, { size: 9 })
  writer.write(`${version.title} - version ${version.number}`, { size: 16, bold: true, gap: 12 })
  writer.write(version.text, { gap: 16 })
  writer.write('Signature', { size: 13, bold: true })
  writer.write(`Signed by: ${signature.fullName} (typed full name)`)
  writer.write(`Account: ${guardian.fullName} <${guardian.email ?? guardian.username ?? ''}>`)
  writer.write(`For: ${signature.studentName ?? 'the household'}`)
  const choices = choicesOf(signature)
  writer.write(`Choices: ${choices.length ? choices.join('; ') : 'none'}`, { gap: 12 })
  writer.write('Audit', { size: 13, bold: true })
  writer.write(`Signed at: ${academyMoment(signature.signedAt)} (${signature.signedAt})`)
  writer.write(`Client address: ${signature.clientAddress}`)
  writer.write(`Signature record: ${signature.id}`)
  writer.write(`SHA-256 of the text: ${signature.sha256}`)
  return pdf.save()
}

async function copyOf(req: PayloadRequest, signature: PolicySignature): Promise<{ bytes: Uint8Array; filename: string }> {
  const version = (await req.payload.findByID({
    collection: 'policy-versions',
    id: relationId(signature.version ?? 0),
    depth: 0,
    req,
    overrideAccess: true,
  })) as PolicyVersion
  // A deleted account leaves the typed name as the only word on who signed.
  const guardian = signature.user
    ? ((await req.payload.findByID({ collection: 'users', id: relationId(signature.user), depth: 0, req, overrideAccess: true })) as User)
    : { fullName: signature.fullName, email: '(account deleted)', username: '' }
  const bytes = await signedCopyPdf({ signature, version, guardian, academy: await academyName(req.payload) })
  return { bytes, filename: `signed-policy-${signature.id}.pdf` }
}

/** Mails the guardian their signed copy, with the operation's transaction. */
export async function mailSignedCopy(req: PayloadRequest, user: User, signature: PolicySignature): Promise<void> {
  if (!user.email) return
  const { bytes, filename } = await copyOf(req, signature)
  const mail = composeMail({
    academyName: await academyName(req.payload),
    subject: `Signed: ${signature.documentTitle ?? 'policy'}`,
    greeting: `Hello ${user.fullName},`,
    blocks: [
      `Thank you: you signed “${signature.documentTitle ?? ''}”${signature.studentName ? ` for ${signature.studentName}` : ''}. Your signed copy is attached.`,
      {
        facts: [
          ['Signed', academyMoment(signature.signedAt)],
          ['Typed name', signature.fullName],
          ['Choices', choicesOf(signature).join('; ') || 'none'],
        ],
      },
    ],
  })
  await sendMail(req, user.email, mail, { attachments: [{ filename, contentType: 'application/pdf', contentBase64: Buffer.from(bytes).toString('base64') }] })
}

/** GET /api/policies/signatures/:id.pdf: the household's own signatures (the collection's family rule), every one for an administrator. */
export async function signedCopyDownload(req: PayloadRequest, user: User, file: string): Promise<Response> {
  const match = /^(\d{1,9})\.pdf$/.exec(file)
  const found = match
    ? await req.payload.find({
        collection: 'policy-signatures',
        where: { and: [{ id: { equals: Number(match[1]) } }, { kind: { equals: 'sign' } }] },
        limit: 1,
        depth: 0,
        req,
        user,
        overrideAccess: false,
      })
    : null
  const signature = found?.docs[0] as PolicySignature | undefined
  if (!signature) throw notFound(POLICY_MESSAGES.signatureNotFound)
  const { bytes, filename } = await copyOf(req, signature)
  return new Response(Buffer.from(bytes), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' },
  })
}
