import { z } from 'zod'

import { recordIdSchema } from '#api/lib/id.schemas'
import type { CreditStatus } from './billing.schemas'

/** Family credits (decisions §10): amounts in integer cents, shared by the admin console and the server. */
export const CREDIT_LIMITS = {
  /** $1,000,000, the largest invoice the academy issues. */
  maxCents: 100_000_000,
  maxReason: 300,
} as const

export const CREDIT_MESSAGES = {
  userId: 'Please select a family',
  amountCents: 'Credit amount must be from $0.01 to $1,000,000.00, to the cent',
  reason: 'Reason must be 3 to 300 characters',
  notFound: 'Credit not found.',
  alreadyCancelled: 'This credit is already cancelled.',
  usedUp: 'This credit has been used in full; there is nothing left to cancel.',
} as const

/** POST /api/admin/credits (admin). */
export const createCreditSchema = z.object({
  userId: recordIdSchema(CREDIT_MESSAGES.userId),
  amountCents: z
    .number({ error: CREDIT_MESSAGES.amountCents })
    .int(CREDIT_MESSAGES.amountCents)
    .min(1, CREDIT_MESSAGES.amountCents)
    .max(CREDIT_LIMITS.maxCents, CREDIT_MESSAGES.amountCents),
  reason: z.string({ error: CREDIT_MESSAGES.reason }).trim().min(3, CREDIT_MESSAGES.reason).max(CREDIT_LIMITS.maxReason, CREDIT_MESSAGES.reason),
})
export type CreateCreditInput = z.infer<typeof createCreditSchema>

/** GET /api/admin/credits?userId= (admin): one family's credits, or every family's. */
export const listCreditsQuerySchema = z.object({
  userId: recordIdSchema(CREDIT_MESSAGES.userId, { fromText: true }).optional(),
})

/** A credit as the admin console shows it: cents, what is left, and the invoices that used it. */
export type CreditDto = {
  id: number
  userId: number
  payerName: string | null
  amountCents: number
  /** What later tuition invoices may still take (0 once used up or cancelled). */
  remainingCents: number
  reason: string
  status: CreditStatus
  createdAt: string
  cancelledAt: string | null
  /** The invoices (not void) whose credit lines used this credit, with how much each took. */
  usedOn: { invoiceId: number; amountCents: number }[]
}
