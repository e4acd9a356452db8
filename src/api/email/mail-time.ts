import type { Payload, PayloadRequest } from 'payload'

import { getAppContext } from '#server/context.server'
import type { MailAttachment } from '#server/mailer.server'
import { academyTimeZone } from '#api/lib/academy-clock'
import { getSiteTexts } from '#api/site-content'
import type { MailContent } from './mail-layout'
import { queueMail } from './mail-jobs'

/**
 * What every mail sender shares (decisions §19): the academy's name (its site name, the one
 * every page shows), times written in the academy's time zone (never UTC, never the server's),
 * and the sending of both parts, as a mail job (./mail-jobs.ts).
 */

/** The academy's name as its site texts give it; a mail still goes out when they cannot be read. */
export async function academyName(payload: Payload): Promise<string> {
  try {
    return (await getSiteTexts(payload)).text('global.site_name')
  } catch {
    return 'The Academy'
  }
}

/** A moment as the academy reads it: 'Thursday, January 15, 2026 at 5:00 PM EST'. */
export function academyMoment(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return String(value)
  return date.toLocaleString('en-US', {
    timeZone: academyTimeZone() ?? 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  })
}

/**
 * Queues a composed mail, HTML and plain text, as a mail job: with the operation's `req`, the
 * job commits or rolls back with its transaction; it is sent right after the commit and retried
 * by the queue when the SMTP server is away (docs/decisions/018). It never throws a mail error.
 */
export async function sendMail(
  on: PayloadRequest | Payload,
  to: string,
  mail: MailContent,
  options: { replyTo?: string; attachments?: MailAttachment[] } = {},
): Promise<void> {
  await queueMail(on, { to, subject: mail.subject, text: mail.text, html: mail.html, replyTo: options.replyTo, attachments: options.attachments })
}

/**
 * Sends at once and reports the SMTP server's answer: only for the administrator's test mail,
 * which is a connection check, not a message that must arrive.
 */
export async function sendMailNow(to: string, mail: MailContent): Promise<void> {
  await getAppContext().mailer.send({ to, subject: mail.subject, text: mail.text, html: mail.html })
}
