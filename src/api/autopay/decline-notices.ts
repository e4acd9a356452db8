import { createLocalReq, type Payload } from 'payload'

import type { Invoice, User } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { nextAttemptDay, type AttemptFacts } from '#shared/autopay'
import { calendarDay } from '#shared/dates'
import type { MailContent } from '#api/email'
import { mailAboutInvoice } from '#api/households'
import { noticePaymentFailed } from '#api/notices'

/**
 * The mail about a charge waiting for the family's action, by the "billed to" rule (decisions
 * §10): to every guardian of a household that does not split who wants email, else to the
 * guardian the invoice is billed to alone (the payer for the household's own).
 */
export async function mailFamily(payload: Payload, invoice: Invoice, compose: (user: User, academy: string) => MailContent): Promise<void> {
  try {
    await mailAboutInvoice(await createLocalReq({}, payload), invoice, compose)
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
