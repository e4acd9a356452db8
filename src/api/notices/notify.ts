import type { PayloadRequest } from 'payload'

import type { Message, NoticeTemplate } from '#cms/payload-types'
import { academyName } from '#api/email'
import { sendNotice, type NoticeAudience } from '#api/messages'
import { DEFAULT_NOTICE_TEMPLATES, fillTemplate, NOTICE_CATEGORY, type NoticeKind, type NoticeValues } from './schemas'

/**
 * One automatic notice (decisions §27): the kind's words as the studio wrote them
 * in /cms (or the defaults), filled with the event's values, sent through the messages slice to
 * the audience, once per `key`.
 */
export async function noticeWords<K extends NoticeKind>(
  req: PayloadRequest,
  kind: K,
  values: Omit<NoticeValues<K>, 'academyName'>,
): Promise<{ subject: string; body: string }> {
  const { docs } = await req.payload.find({ collection: 'notice-templates', where: { kind: { equals: kind } }, limit: 1, depth: 0, overrideAccess: true, req })
  const template = (docs[0] as NoticeTemplate | undefined) ?? DEFAULT_NOTICE_TEMPLATES[kind]
  const all: Record<string, string> = { academyName: await academyName(req.payload), ...values }
  return { subject: fillTemplate(template.subject, all).slice(0, 200), body: fillTemplate(template.body, all) }
}

export async function notify<K extends NoticeKind>(
  req: PayloadRequest,
  kind: K,
  key: string,
  audience: NoticeAudience,
  values: Omit<NoticeValues<K>, 'academyName'>,
): Promise<Message | null> {
  const words = await noticeWords(req, kind, values)
  return sendNotice(req, { kind, key: `${kind}:${key}`, category: NOTICE_CATEGORY[kind], audience, ...words })
}
