import type { PayloadRequest } from 'payload'

import type { Inquiry, User } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { clientIp, hitRateLimit } from '#api/lib/rate-limit'
import { notFound } from '#api/errors'
import { INQUIRY_MESSAGES, type InquiryDto, type InquiryInput } from './schemas'
import { getSiteTexts } from '#api/site-content'
import { optionalRelationId } from '#api/lib/relations'
import { academyNow } from '#api/lib/academy-clock'
import { academyMoment, academyName, composeMail, sendMail, type MailContent } from '#api/email'

/** A visitor may send a handful of messages; a script may not fill the inbox. */
export const INQUIRY_RATE_LIMIT = { name: 'inquiry', limit: 5, windowSeconds: 10 * 60, message: INQUIRY_MESSAGES.rateLimited }

export function toInquiryDto(doc: Inquiry): InquiryDto {
  return {
    id: doc.id,
    name: doc.name,
    email: doc.email,
    subject: doc.subject,
    message: doc.message,
    submittedAt: doc.submittedAt,
    isAddressed: doc.isAddressed === true,
    addressedAt: doc.addressedAt ?? null,
    addressedBy: optionalRelationId(doc.addressedBy),
  }
}

/** Where new-inquiry notices go: ACADEMY_INBOX, else the footer email shown on the site. */
async function academyInbox(req: PayloadRequest): Promise<string> {
  const { env } = getAppContext()
  if (env.ACADEMY_INBOX) return env.ACADEMY_INBOX
  return (await getSiteTexts(req.payload)).text('footer.email')
}

/**
 * The notice to the academy. The visitor's words are never markup: the layout escapes them in
 * the HTML part, and the time it was sent is the academy's, not UTC.
 */
export function inquiryNotice(inquiry: InquiryDto, adminUrl: string, academy: string): MailContent {
  return composeMail({
    academyName: academy,
    subject: `New inquiry: ${inquiry.subject} from ${inquiry.name}`,
    blocks: [
      'A new inquiry was sent through the contact form.',
      {
        facts: [
          ['From', `${inquiry.name} <${inquiry.email}>`],
          ['Subject', inquiry.subject],
          ['Sent', academyMoment(inquiry.submittedAt)],
        ],
      },
      { quote: inquiry.message },
      `Reply to this email to answer ${inquiry.name}, and mark the inquiry as addressed in the admin area:`,
      { link: adminUrl },
    ],
  })
}

async function notifyAcademy(req: PayloadRequest, inquiry: InquiryDto): Promise<void> {
  const notice = inquiryNotice(inquiry, `${getAppContext().env.publicOrigin}/admin`, await academyName(req.payload))
  await sendMail(req.payload, await academyInbox(req), notice, { replyTo: inquiry.email })
}

/**
 * A visitor's message (spec §7 POST /api/inquiries). The server sets the time; the academy
 * is told by email, and a mail failure is logged without failing the submission.
 */
export async function submitInquiry(req: PayloadRequest, input: InquiryInput): Promise<InquiryDto> {
  await hitRateLimit(req.payload, INQUIRY_RATE_LIMIT, clientIp(req))
  const doc = await req.payload.create({
    collection: 'inquiries',
    data: {
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      submittedAt: academyNow().toISOString(),
      isAddressed: false,
    },
    depth: 0,
    // Visitors have no create access on the collection; this operation is the only way in.
    overrideAccess: true,
    req,
  })
  const inquiry = toInquiryDto(doc as Inquiry)
  // Not awaited: a slow or broken mail server must not hold up or fail the visitor's submission.
  void notifyAcademy(req, inquiry).catch((error: unknown) => {
    req.payload.logger.error({ err: error, inquiryId: inquiry.id }, 'Could not send the new-inquiry notice')
  })
  return inquiry
}

/** Admin: every inquiry, newest first. */
export async function listInquiries(req: PayloadRequest, user: User): Promise<InquiryDto[]> {
  const result = await req.payload.find({
    collection: 'inquiries',
    sort: ['-submittedAt', '-id'],
    limit: 0,
    pagination: false,
    depth: 0,
    overrideAccess: false,
    user,
    req,
  })
  return (result.docs as Inquiry[]).map(toInquiryDto)
}

/**
 * Admin: Unaddressed → Addressed, one way (spec §4). The first admin to mark it is kept:
 * the update only touches a row that is still unaddressed.
 */
export async function markInquiryAddressed(req: PayloadRequest, user: User, id: number): Promise<InquiryDto> {
  const findIt = async () => {
    const result = await req.payload.find({ collection: 'inquiries', where: { id: { equals: id } }, limit: 1, depth: 0, overrideAccess: false, user, req })
    return (result.docs[0] as Inquiry | undefined) ?? null
  }
  const existing = await findIt()
  if (!existing) throw notFound(INQUIRY_MESSAGES.notFound)
  if (existing.isAddressed) return toInquiryDto(existing)
  const updated = await req.payload.update({
    collection: 'inquiries',
    where: { and: [{ id: { equals: id } }, { isAddressed: { not_equals: true } }] },
    data: { isAddressed: true, addressedAt: academyNow().toISOString(), addressedBy: user.id },
    depth: 0,
    overrideAccess: false,
    user,
    req,
  })
  const doc = (updated.docs[0] as Inquiry | undefined) ?? (await findIt())
  if (!doc) throw notFound(INQUIRY_MESSAGES.notFound)
  return toInquiryDto(doc)
}

/**
 * A family's reply to a message from the portal (issue 25): an inquiry like a visitor's, from the
 * signed-in account and linked to the message it answers, so the studio reads it in its inbox.
 */
export async function submitFamilyReply(
  req: PayloadRequest,
  user: User,
  reply: { messageId: number; messageSubject: string; message: string },
): Promise<InquiryDto> {
  const doc = await req.payload.create({
    collection: 'inquiries',
    data: {
      name: user.fullName,
      email: user.email,
      subject: 'General Question',
      message: `Reply to “${reply.messageSubject}”:\n\n${reply.message}`,
      aboutMessage: reply.messageId,
      fromAccount: user.id,
      submittedAt: academyNow().toISOString(),
      isAddressed: false,
    },
    depth: 0,
    // Families have no create access on the collection; this operation is their way in.
    overrideAccess: true,
    req,
  })
  const inquiry = toInquiryDto(doc as Inquiry)
  void notifyAcademy(req, inquiry).catch((error: unknown) => {
    req.payload.logger.error({ err: error, inquiryId: inquiry.id }, 'Could not send the new-inquiry notice')
  })
  return inquiry
}
