import { z } from 'zod'

import { isIsoDate } from '#shared/dates'
import { hasAtMostTwoDecimals } from '#shared/money'

import { INVOICE_STATUSES, MAX_INVOICE_AMOUNT, type InvoiceStatus } from './billing'

/** Messages of spec §5 (invoice form), shared by the admin dialog and the server. */
export const INVOICE_MESSAGES = {
  user: 'Please select a user',
  amountPositive: 'Amount must be greater than 0',
  amountNumber: 'Amount must be a number',
  amountDecimals: 'Amount can have at most 2 decimal places',
  amountMax: 'Amount cannot be more than $1,000,000',
  description: 'Description must be at least 3 characters',
  descriptionMax: 'Description must be at most 300 characters',
  status: 'Status must be one of pending, paid, overdue or cancelled',
  dueDateRequired: 'Due date is required',
  dueDateFormat: 'Due date must be a valid date (YYYY-MM-DD)',
} as const

/** HTML selects and inputs hand over strings; "12" and "19.99" mean the numbers they spell. */
const numericString = (pattern: RegExp) => (value: unknown) => (typeof value === 'string' && pattern.test(value.trim()) ? Number(value.trim()) : value)

export const invoiceStatusSchema = z.enum(INVOICE_STATUSES, { error: INVOICE_MESSAGES.status })

export const createInvoiceSchema = z.object({
  userId: z.preprocess(
    numericString(/^\d+$/),
    z.number({ error: INVOICE_MESSAGES.user }).int(INVOICE_MESSAGES.user).positive(INVOICE_MESSAGES.user).max(2_147_483_647, INVOICE_MESSAGES.user),
  ),
  amount: z.preprocess(
    numericString(/^-?\d+(\.\d+)?$/),
    z
      .number({ error: (issue) => (issue.input === undefined ? INVOICE_MESSAGES.amountPositive : INVOICE_MESSAGES.amountNumber) })
      .positive(INVOICE_MESSAGES.amountPositive)
      .max(MAX_INVOICE_AMOUNT, INVOICE_MESSAGES.amountMax)
      .refine(hasAtMostTwoDecimals, INVOICE_MESSAGES.amountDecimals)
      // 0.001 passes "> 0" but is zero cents.
      .refine((dollars) => dollars >= 0.01, INVOICE_MESSAGES.amountPositive),
  ),
  description: z.string({ error: INVOICE_MESSAGES.description }).trim().min(3, INVOICE_MESSAGES.description).max(300, INVOICE_MESSAGES.descriptionMax),
  status: invoiceStatusSchema.default('pending'),
  dueDate: z
    .string({ error: INVOICE_MESSAGES.dueDateRequired })
    .trim()
    .min(1, INVOICE_MESSAGES.dueDateRequired)
    .refine(isIsoDate, INVOICE_MESSAGES.dueDateFormat),
})
export type CreateInvoiceInput = z.infer<typeof createInvoiceSchema>

export const updateInvoiceStatusSchema = z.object({ status: invoiceStatusSchema })
export type UpdateInvoiceStatusInput = z.infer<typeof updateInvoiceStatusSchema>

/** An invoice as the contract shows it: dollars with 2 decimals, due date as a calendar day. */
export type InvoiceDto = {
  id: number
  userId: number
  amount: number
  description: string
  status: InvoiceStatus
  dueDate: string
  createdAt: string
  payerName: string | null
  payerEmail: string | null
}

export const INVOICE_IN_USE = 'A paid invoice with a recorded payment cannot be deleted.'
