import type { Payload } from 'payload'

import type { User } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { academyTimeZone } from '#api/lib/academy-clock'
import { getSiteTexts } from '#api/site-content'
import type { MailContent } from './mail-layout'

/**
 * What every mail sender shares (decisions §19): the academy's name (its site name, the one
 * every page shows), times written in the academy's time zone (never UTC, never the server's),
 * and the sending of both parts.
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

/** Sends a composed mail, HTML and plain text, through the app's one mailer. */
export async function sendMail(to: string, mail: MailContent, options: { replyTo?: string } = {}): Promise<void> {
  await getAppContext().mailer.send({ to, subject: mail.subject, text: mail.text, html: mail.html, ...options })
}

/** The family's account, for a mail to it (null: gone, or no address). */
export async function familyOf(payload: Payload, userId: number): Promise<User | null> {
  const user = (await payload.findByID({ collection: 'users', id: userId, depth: 0, disableErrors: true, overrideAccess: true })) as User | null
  return user?.email ? user : null
}
