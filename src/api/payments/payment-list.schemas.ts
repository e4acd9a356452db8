import { z } from 'zod'

import { recordIdListSchema } from '#api/lib/id.schemas'

/** The most invoices one list of payments may name: a page of the Invoices tab at most (PAGE_SIZE_MAX). */
export const PAYMENT_LIST_MAX_INVOICES = 100

export const PAYMENT_LIST_MESSAGES = {
  invoiceIds: `invoiceIds must be 1 to ${PAYMENT_LIST_MAX_INVOICES} invoice ids (whole numbers of 1 or more), separated by commas.`,
  adminOnly: 'Only an administrator may list the payments of given invoices.',
} as const

/**
 * GET /api/payments, issue 23: without a parameter, the spec's list (the family's own payments;
 * every payment for an administrator). With `invoiceIds=12,13`, an administrator's list of the
 * payments of those invoices alone: the Invoices tab asks for the page on screen, never for
 * every payment the academy has taken.
 */
export const paymentListQuerySchema = z.object({
  invoiceIds: recordIdListSchema(PAYMENT_LIST_MESSAGES.invoiceIds, PAYMENT_LIST_MAX_INVOICES)
    .transform((ids) => [...new Set(ids)])
    .optional(),
})
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>
