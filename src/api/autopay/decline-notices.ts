import { type Payload } from 'payload'

import type { Invoice, User } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { nextAttemptDay, type AttemptFacts } from '#shared/autopay'
import { formatCents } from '#shared/money'
import { autopayFailedMail } from '#api/email'
import { getSiteTexts } from '#api/site-content'
import { day } from './autopay-state'

/** The mails autopay sends a family: a declined charge (with the next try) and a charge waiting for the family's action. */
async function academyName(payload: Payload): Promise<string> {
  try {
    return (await getSiteTexts(payload)).text('global.site_name')
  } catch {
    return 'The Academy'
  }
}

export async function mailFamily(payload: Payload, userId: number, compose: (user: User, academy: string) => { subject: string; text: string }): Promise<void> {
  try {
    const user = (await payload.findByID({ collection: 'users', id: userId, overrideAccess: true, depth: 0, disableErrors: true })) as User | null
    if (!user?.email) return
    const mail = compose(user, await academyName(payload))
    await getAppContext().mailer.send({ to: user.email, subject: mail.subject, text: mail.text })
  } catch (error) {
    payload.logger.error({ err: error, msg: `[autopay] the email to account ${userId} could not be sent` })
  }
}

export function billingLink(invoice: Invoice): string {
  return `${getAppContext().env.publicOrigin}/billing?invoice=${invoice.id}`
}

/** The decline email, with the day autopay will try again (or that it will not). */
export async function mailDecline(payload: Payload, invoice: Invoice, reason: string, attempts: AttemptFacts[]): Promise<void> {
  const next = nextAttemptDay(day(invoice.dueDate), attempts)
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
