/** The account emails we send (decisions §7), as plain text: mail clients link bare URLs. */
export type MailContent = { subject: string; text: string }

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim()

export function passwordResetMail(input: { fullName: string; academyName: string; link: string; validMinutes: number }): MailContent {
  const academy = oneLine(input.academyName)
  return {
    subject: `Reset your ${academy} password`.slice(0, 200),
    text: [
      `Hello ${oneLine(input.fullName)},`,
      '',
      `We received a request to reset the password of your ${academy} account. To choose a new password, open this link:`,
      '',
      input.link,
      '',
      `The link works once and expires in ${input.validMinutes} minutes.`,
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
      '',
      academy,
    ].join('\n'),
  }
}

/** To the old address after an email change: the owner learns of it even if someone else made it. */
export function emailChangedMail(input: { fullName: string; academyName: string; newEmail: string }): MailContent {
  const academy = oneLine(input.academyName)
  return {
    subject: `Your ${academy} email address was changed`.slice(0, 200),
    text: [
      `Hello ${oneLine(input.fullName)},`,
      '',
      `The email address of your ${academy} account was just changed to ${oneLine(input.newEmail)}. Messages from us now go there.`,
      '',
      'If you made this change, there is nothing to do.',
      'If you did not, someone may be using your account: please contact the academy straight away.',
      '',
      academy,
    ].join('\n'),
  }
}

/**
 * A waitlist offer (decisions §15): sent whatever the family's notification settings, since
 * the family asked for the place and it is held for it only for a while.
 */
export function waitlistOfferMail(input: {
  fullName: string
  academyName: string
  studentName: string
  className: string
  expiresAt: string
  hours: number
  link: string
}): MailContent {
  const academy = oneLine(input.academyName)
  return {
    subject: oneLine(`A place in ${input.className} is offered to ${input.studentName}`).slice(0, 200),
    text: [
      `Hello ${oneLine(input.fullName)},`,
      '',
      `A place has opened in ${oneLine(input.className)}, and ${oneLine(input.studentName)} is first on its waitlist.`,
      `The place is held for you for ${input.hours} hours, until ${input.expiresAt}. To accept or decline it, sign in and open your dashboard:`,
      '',
      input.link,
      '',
      'If you neither accept nor decline by then, the place is offered to the next family on the waitlist.',
      '',
      academy,
    ].join('\n'),
  }
}

/**
 * Autopay could not charge the saved card (decisions §12). Sent whatever the family's email
 * preferences: it is about money they owe, not news.
 */
export function autopayFailedMail(input: {
  fullName: string
  academyName: string
  amount: string
  description: string
  reason: string
  link: string
  nextAttempt: string | null
}): MailContent {
  const academy = oneLine(input.academyName)
  return {
    subject: `Autopay could not charge your card: ${oneLine(input.description)}`.slice(0, 200),
    text: [
      `Hello ${oneLine(input.fullName)},`,
      '',
      `We tried to charge ${input.amount} for "${oneLine(input.description)}" to your saved card, but the payment did not go through: ${oneLine(input.reason)}`,
      '',
      input.nextAttempt
        ? `We will try the card again on ${input.nextAttempt}. To pay now, or with another card, open:`
        : 'We will not try the card again for this invoice. Please pay it here:',
      '',
      input.link,
      '',
      academy,
    ].join('\n'),
  }
}

/** Autopay's charge needs the cardholder's bank to confirm it (3-D Secure): only the family can finish it. */
export function autopayActionMail(input: { fullName: string; academyName: string; amount: string; description: string; link: string }): MailContent {
  const academy = oneLine(input.academyName)
  return {
    subject: `Please confirm your payment: ${oneLine(input.description)}`.slice(0, 200),
    text: [
      `Hello ${oneLine(input.fullName)},`,
      '',
      `Your bank asks you to confirm the automatic payment of ${input.amount} for "${oneLine(input.description)}" before it goes through.`,
      'We will not charge the card again for this invoice until you do. To finish the payment, open:',
      '',
      input.link,
      '',
      academy,
    ].join('\n'),
  }
}
