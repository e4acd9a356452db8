import type { PayloadRequest } from 'payload'

import type { PolicySignature, PolicyVersion, User } from '#cms/payload-types'
import { academyMoment, academyName, composeMail, sendMail } from '#api/email'
import { notFound } from '#api/errors'
import { PdfWriter, pdfResponse } from '#api/lib/pdf-document'
import { relationId } from '#api/lib/relations'
import { choicesOf } from './requirements'
import { POLICY_MESSAGES } from './schemas'

export type SignedCopyInput = { signature: PolicySignature; version: PolicyVersion; guardian: Pick<User, 'fullName' | 'email' | 'username'>; academy: string }

/**
 * The signed copy of a policy (issue 26) as a PDF made with pdf-lib: the version's text word for
 * word, the signature block, the choices and the audit data (account, time, client address,
 * SHA-256). Mailed to the guardian when they sign; downloadable by the household and administrators.
 */
export async function signedCopyPdf({ signature, version, guardian, academy }: SignedCopyInput): Promise<Uint8Array> {
  const writer = await PdfWriter.create({ title: `${version.title} (version ${version.number}), signed`, creator: academy })
  writer.write(academy, { size: 9 })
  writer.write(`${version.title} - version ${version.number}`, { size: 16, bold: true, gapAfter: 12 })
  writer.write(version.text, { gapAfter: 16 })
  writer.write('Signature', { size: 13, bold: true })
  writer.write(`Signed by: ${signature.fullName} (typed full name)`)
  writer.write(`Account: ${guardian.fullName} <${guardian.email ?? guardian.username ?? ''}>`)
  writer.write(`For: ${signature.studentName ?? 'the household'}`)
  const choices = choicesOf(signature)
  writer.write(`Choices: ${choices.length ? choices.join('; ') : 'none'}`, { gapAfter: 12 })
  writer.write('Audit', { size: 13, bold: true })
  writer.write(`Signed at: ${academyMoment(signature.signedAt)} (${signature.signedAt})`)
  writer.write(`Client address: ${signature.clientAddress}`)
  writer.write(`Signature record: ${signature.id}`)
  writer.write(`SHA-256 of the text: ${signature.sha256}`)
  return writer.save()
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
  return pdfResponse(bytes, filename)
}
