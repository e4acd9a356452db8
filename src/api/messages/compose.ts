import type { Payload } from 'payload'

import { getAppContext } from '#server/context.server'
import { composeMail, type MailBlock, type QueuedMail } from '#api/email'
import type { Guardian } from './audience'
import { unsubscribeToken } from './preferences'
import { richToEmailHtml } from './rich-html'
import { richToPlainText, type RichTextDocument } from './rich-text.schemas'
import type { MessageCategory } from './schemas'

/**
 * One guardian's email of a message (issue 25): the message as written, the children it
 * concerns, the way to the portal inbox, and, unless it is a service message (money and
 * safety), the one-click unsubscribe of its category in the body and in the headers (RFC 8058).
 */
export type Letter = { subject: string; body: RichTextDocument; category: MessageCategory; academy: string }

/** The composer of one message's copies: the body is rendered once, each guardian's copy adds only what is theirs. */
export function copyComposer(payload: Payload, letter: Letter): (guardian: Guardian) => QueuedMail {
  const origin = getAppContext().env.publicOrigin
  // The rich text formatted in the HTML part, as plain text in the text part (decisions §33).
  const body: MailBlock = { markup: richToEmailHtml(letter.body), text: richToPlainText(letter.body) }
  return (guardian) => composeCopy(payload, letter, origin, body, guardian)
}

function composeCopy(payload: Payload, letter: Letter, origin: string, body: MailBlock, guardian: Guardian): QueuedMail {
  const blocks: MailBlock[] = [body]
  if (guardian.students.length > 0) blocks.push(`This message concerns ${guardian.students.map((student) => student.fullName).join(', ')}.`)
  blocks.push('Read it and reply in your portal inbox:', { link: `${origin}/inbox` })
  const unsubscribeUrl =
    letter.category === 'service' ? null : `${origin}/api/messages/unsubscribe?token=${unsubscribeToken(payload, guardian.userId, letter.category)}`
  const mail = composeMail({
    academyName: letter.academy,
    subject: letter.subject,
    greeting: `Hello ${guardian.fullName},`,
    blocks,
    footnote: unsubscribeUrl
      ? `You receive this email because you chose email for this kind of message. Stop these emails: ${unsubscribeUrl}`
      : 'This is a service message about payments or safety: it is always sent by email.',
  })
  return {
    to: guardian.email ?? '',
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : null,
  }
}
