import { type Payload } from 'payload'

import type { Invoice, User } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { nextAttemptDay, type AttemptFacts } from '#shared/autopay'
import { calendarDay } from '#shared/dates'
import { formatCents } from '#shared/money'
import { autopayFailedMail, mailHousehold, type MailContent } from '#api/email'

/** The mails autopay sends a household (every guardian who wants email): a declined charge (with the next try) and a charge waiting for the family's action. */
export async function mailFamily(payload: Payload, userId: number, compose: (user: User, academy: string) => MailContent): Promise<void> {
  try {
    await mailHousehold(payload, userId, compose)
  } catch (error) {
    payload.logger.error({ err: error, msg: `[autopay] the email to household ${userId} could not be sent` })
  }
}

export function billingLink(invoice: Invoice): string {
  return `${getAppContext().env.publicOrigin}/billing?invoice=${invoice.id}`
}

/** The decline email, with the day autopay will try again (or that it will not). */
export async function mailDecline(payload: Payload, invoice: Invoice, reason: string, attempts: AttemptFacts[]): Promise<void> {
  const next = nextAttemptDay(calendarDay(invoice.dueDate), attempts)
  await mailFamily(payload, invoice.userId, (user, academy) =>
    autopayFailedMail({
      fullName: user.fullName,
      academyName: academy,
      amount: formatCents(invoice.amountCents),
      description: invoice.description,
      reason,
      link: billingLink(invoice),
      nextAttempt: next,
    }),
  )
}
