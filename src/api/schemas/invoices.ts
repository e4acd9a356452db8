import { z } from 'zod'

import { isIsoDate, isMonth } from '#shared/dates'
import { dollarsToCents, formatCents, hasAtMostTwoDecimals } from '#shared/money'
import { LINE_KINDS, monthLabel, sumLines, type LineKind } from '#shared/tuition'

import { INVOICE_KINDS, INVOICE_STATUSES, MAX_INVOICE_AMOUNT, type InvoiceKind, type InvoiceStatus } from './billing'

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

const createInvoiceFields = {
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
}

/** An invoice typed by an administrator as one amount (spec §5): no lines. */
export const manualInvoiceSchema = z.object(createInvoiceFields)

/** Messages of invoices made of lines (the tuition issue), shared by the collection hook and the server. */
export const INVOICE_LINE_MESSAGES = {
  lines: 'Lines must be a list of 1 to 100 lines',
  description: 'Each line needs a description of 1 to 300 characters',
  amountCents: 'Each line amount must be a whole number of cents',
  amountCentsMax: 'A line amount cannot be more than $1,000,000 either way',
  studentId: 'A line student must be a student id',
  classId: 'A line class must be a class id',
  lineKind: `Line kind must be one of ${LINE_KINDS.join(', ')}`,
  totalPositive: 'The lines must add up to more than $0.00',
  kind: `Kind must be one of ${INVOICE_KINDS.join(', ')}`,
  period: 'Period must be a month (YYYY-MM)',
  periodRequired: 'A tuition invoice needs the month it bills (period, YYYY-MM)',
  periodTaken: 'This family already has a tuition invoice for this month',
  studentNotInFamily: 'A line names a student who is not in this family',
  classNotFound: 'A line names a class that does not exist',
} as const

export const amountMismatchMessage = (totalCents: number) => `Amount must equal the sum of the lines (${formatCents(totalCents)})`
export const duplicateTuitionMessage = (payer: string, period: string) => `${payer} already has a tuition invoice for ${monthLabel(period)}.`

const MAX_LINE_CENTS = MAX_INVOICE_AMOUNT * 100
const optionalId = (message: string) =>
  z.preprocess(numericString(/^\d+$/), z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message).nullish())

export const invoiceLineInputSchema = z.object(
  {
    kind: z.enum(LINE_KINDS, { error: INVOICE_LINE_MESSAGES.lineKind }).default('manual'),
    description: z
      .string({ error: INVOICE_LINE_MESSAGES.description })
      .trim()
      .min(1, INVOICE_LINE_MESSAGES.description)
      .max(300, INVOICE_LINE_MESSAGES.description),
    amountCents: z
      .number({ error: INVOICE_LINE_MESSAGES.amountCents })
      .int(INVOICE_LINE_MESSAGES.amountCents)
      .min(-MAX_LINE_CENTS, INVOICE_LINE_MESSAGES.amountCentsMax)
      .max(MAX_LINE_CENTS, INVOICE_LINE_MESSAGES.amountCentsMax),
    studentId: optionalId(INVOICE_LINE_MESSAGES.studentId),
    classId: optionalId(INVOICE_LINE_MESSAGES.classId),
  },
  { error: INVOICE_LINE_MESSAGES.lines },
)
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>

/**
 * An invoice made of lines (amounts in integer cents, negative for discounts and credits). Its
 * amount is the sum of the lines; an `amount` sent along (dollars, like the contract's) must
 * match it. A tuition invoice names its month.
 */
export const linedInvoiceSchema = z
  .object({
    ...createInvoiceFields,
    amount: createInvoiceFields.amount.optional(),
    kind: z.enum(INVOICE_KINDS, { error: INVOICE_LINE_MESSAGES.kind }).default('manual'),
    period: z
      .string({ error: INVOICE_LINE_MESSAGES.period })
      .trim()
      .refine(isMonth, INVOICE_LINE_MESSAGES.period)
      .nullish()
      .transform((period) => period || null),
    lines: z.array(invoiceLineInputSchema, { error: INVOICE_LINE_MESSAGES.lines }).min(1, INVOICE_LINE_MESSAGES.lines).max(100, INVOICE_LINE_MESSAGES.lines),
  })
  .superRefine((input, ctx) => {
    const total = sumLines(input.lines)
    if (total <= 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: INVOICE_LINE_MESSAGES.totalPositive })
    else if (total > MAX_LINE_CENTS) ctx.addIssue({ code: 'custom', path: ['lines'], message: INVOICE_MESSAGES.amountMax })
    else if (input.amount !== undefined && dollarsToCents(input.amount) !== total)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: amountMismatchMessage(total) })
    if (input.kind === 'tuition' && !input.period) ctx.addIssue({ code: 'custom', path: ['period'], message: INVOICE_LINE_MESSAGES.periodRequired })
  })

/** A body that speaks of lines, a kind or a period is a lined invoice; anything else is the spec's one-amount invoice. */
function isLined(body: unknown): boolean {
  return typeof body === 'object' && body !== null && ('lines' in body || 'kind' in body || 'period' in body)
}

/**
 * POST /api/invoices: the spec's invoice (one amount, its messages unchanged), or an invoice
 * made of lines. The body decides which schema reads it.
 */
export const createInvoiceSchema = z.unknown().transform((body, ctx): CreateInvoiceInput => {
  const result = (isLined(body) ? linedInvoiceSchema : manualInvoiceSchema).safeParse(body)
  if (result.success) return result.data
  for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom', input: body } as Parameters<typeof ctx.addIssue>[0])
  return z.NEVER
})
export type ManualInvoiceInput = z.infer<typeof manualInvoiceSchema>
export type LinedInvoiceInput = z.infer<typeof linedInvoiceSchema>
export type CreateInvoiceInput = ManualInvoiceInput | LinedInvoiceInput

export const updateInvoiceStatusSchema = z.object({ status: invoiceStatusSchema })
export type UpdateInvoiceStatusInput = z.infer<typeof updateInvoiceStatusSchema>

/** One line of an invoice: integer cents (negative for a discount or credit), the student and class it is for. */
export type InvoiceLineDto = {
  kind: LineKind
  description: string
  amountCents: number
  studentId: number | null
  studentName: string | null
  classId: number | null
  className: string | null
}

/**
 * An invoice as the contract shows it: dollars with 2 decimals, due date as a calendar day.
 * `lines` always add up to `amount`: an invoice typed as one amount shows as one line.
 */
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
  kind: InvoiceKind
  /** The month a tuition invoice bills, `YYYY-MM`; null when the invoice names none. */
  period: string | null
  lines: InvoiceLineDto[]
}

export const INVOICE_IN_USE = 'A paid invoice with a recorded payment cannot be deleted.'
