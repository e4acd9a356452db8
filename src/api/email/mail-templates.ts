import { composeMail, oneLine, type MailContent } from './mail-layout'

/** The account and billing emails (decisions §7): HTML with a plain-text part, one layout (./mail-layout.ts). */
export type { MailContent }

export function passwordResetMail(input: { fullName: string; academyName: string; link: string; validMinutes: number }): MailContent {
  const academy = oneLine(input.academyName)
  return composeMail({
    academyName: academy,
    subject: `Reset your ${academy} password`,
    greeting: `Hello ${input.fullName},`,
    blocks: [
      `We received a request to reset the password of your ${academy} account. To choose a new password, open this link:`,
      { link: input.link },
      `The link works once and expires in ${input.validMinutes} minutes.`,
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
  })
}

/** To the old address after an email change: the owner learns of it even if someone else made it. */
export function emailChangedMail(input: { fullName: string; academyName: string; newEmail: string }): MailContent {
  const academy = oneLine(input.academyName)
  return composeMail({
    academyName: academy,
    subject: `Your ${academy} email address was changed`,
    greeting: `Hello ${input.fullName},`,
    blocks: [
      `The email address of your ${academy} account was just changed to ${input.newEmail}. Messages from us now go there.`,
      'If you made this change, there is nothing to do.',
      'If you did not, someone may be using your account: please contact the academy straight away.',
    ],
  })
}

/** Autopay's charge needs the cardholder's bank to confirm it (3-D Secure): only the family can finish it. */
export function autopayActionMail(input: { fullName: string; academyName: string; amount: string; description: string; link: string }): MailContent {
  return composeMail({
    academyName: input.academyName,
    subject: `Please confirm your payment: ${input.description}`,
    greeting: `Hello ${input.fullName},`,
    blocks: [
      `Your bank asks you to confirm the automatic payment of ${input.amount} for "${input.description}" before it goes through.`,
      'We will not charge the card again for this invoice until you do. To finish the payment, open:',
      { link: input.link },
    ],
  })
}

/**
 * The payment receipt (decisions §7), to a family whose email notifications are on. `paidOn` is the
 * academy's day. `paidBy` says whose payment it was to this reader: theirs ('you'), another
 * guardian's (their name), or nobody's in particular (null: an automatic charge).
 */
export function paymentReceiptMail(input: {
  fullName: string
  paidBy: 'you' | string | null
  academyName: string
  amount: string
  description: string
  invoiceId: number
  paidOn: string
  reference: string
  link: string
}): MailContent {
  return composeMail({
    academyName: input.academyName,
    subject: `Payment received: ${input.amount} for ${input.description}`,
    greeting: `Hello ${input.fullName},`,
    blocks: [
      `Thank you: we received ${receiptPayment(input.paidBy)} of ${input.amount} for "${input.description}" (invoice #${input.invoiceId}) on ${input.paidOn}.`,
      'The invoice is now marked as paid.',
      { facts: [['Reference', input.reference]] },
      'Your payment history:',
      { link: input.link },
    ],
  })
}

/** Whose card payment a receipt names: "your" only to the guardian who paid. */
function receiptPayment(paidBy: 'you' | string | null): string {
  if (paidBy === 'you') return 'your card payment'
  return paidBy ? `a card payment by ${paidBy}` : 'a card payment'
}
