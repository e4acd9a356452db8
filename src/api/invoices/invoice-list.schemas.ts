import { z } from 'zod'

import { monthSchema } from '#api/lib/dates.schemas'
import { pageParamSchema, pageSizeParamSchema, searchParamSchema, type PageDto } from '#api/lib/paging.schemas'
import { INVOICE_STATUSES } from './billing.schemas'
import type { InvoiceDto } from './schemas'

export const INVOICE_LIST_MESSAGES = {
  status: `status must be one of ${INVOICE_STATUSES.join(', ')}.`,
  month: 'month must be a month written YYYY-MM.',
} as const

/**
 * GET /api/invoices/all (admin), issue 23: every parameter is optional. Without any, the
 * answer is the spec's plain array of every invoice; with any, one page of the invoices that
 * match, newest first.
 * - `q`: the household, anywhere in the family's name or email (the invoice's payer, or the account's current ones);
 * - `status`: one status;
 * - `month`: `YYYY-MM`, the invoices due in that month;
 * - `page` (from 1) and `pageSize` (1 to 100, default 20).
 */
export const adminInvoiceListQuerySchema = z.object({
  q: searchParamSchema,
  status: z.enum(INVOICE_STATUSES, { error: INVOICE_LIST_MESSAGES.status }).optional(),
  month: monthSchema(INVOICE_LIST_MESSAGES.month).optional(),
  page: pageParamSchema,
  pageSize: pageSizeParamSchema,
})
export type AdminInvoiceListQuery = z.infer<typeof adminInvoiceListQuerySchema>

export type InvoicePageDto = PageDto<InvoiceDto>
