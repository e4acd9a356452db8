import { createLocalReq, type Payload } from 'payload'

import type { Invoice, User } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { nextAttemptDay, type AttemptFacts } from '#shared/autopay'
import { calendarDay } from '#shared/dates'
import { academyName, guardiansOf, mailHousehold, sendMail, wantsEmail, type MailContent } from '#api/email'
import { noticePaymentFailed } from '#api/notices'

/**
 * The mail about a charge waiting for the family's action: to every guardian of the household
 * who wants email, or, for an invoice billed to one guardian (decisions §34), to that guardian
 * alone, as the notices of such an invoice are.
 */
export async function mailFamily(payload: Payload, invoice: Invoice, compose: (user: User, academy: string) => MailContent): Promise<void> {
  try {
    if (invoice.billedTo == null) {
      await mailHousehold(payload, invoice.userId, compose)
      return
    }
    const guardian = (await guardiansOf(payload, invoice.userId)).find((user) => user.id === invoice.billedTo)
    if (guardian && (await wantsEmail({ payload }, guardian.id))) await sendMail(payload, guardian.email, compose(guardian, await academyName(payload)))
  } catch (error) {
    payload.logger.error({ err: error, msg: `[autopay] the email to household ${invoice.userId} could not be sent` })
  }
}

export function billingLink(invoice: Invoice): string {
  return `${getAppContext().env.publicOrigin}/billing?invoice=${invoice.id}`
}

/**
 * The decline, with the day autopay will try again (or that it will not): the payment-failed
 * notice in every guardian's inbox and email (decisions §27), once per attempt.
 */
export async function mailDecline(payload: Payload, invoice: Invoice, reason: string, attempts: AttemptFacts[]): Promise<void> {
  const next = nextAttemptDay(calendarDay(invoice.dueDate), attempts)
  const attempt = Math.max(0, ...attempts.map((facts) => facts.attempt))
  try {
    await noticePaymentFailed(await createLocalReq({}, payload), invoice, { attempt, reason, nextAttempt: next })
  } catch (error) {
    payload.logger.error({ err: error, msg: `[autopay] the decline notice of invoice ${invoice.id} could not be sent` })
  }
}
