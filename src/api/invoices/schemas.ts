import { z } from 'zod'

import { addDays, isIsoDate, todayIso } from '#shared/dates'
import { schemaNow } from '#shared/schema-clock'
import { dollarsToCents, formatCents, hasAtMostTwoDecimals } from '#shared/money'
import { monthLabel, sumLines, type LineKind } from '#shared/tuition'

import {
  CREATABLE_INVOICE_KINDS,
  INVOICE_STATUSES,
  MAX_INVOICE_AMOUNT,
  OFFLINE_METHODS,
  type InvoiceKind,
  type InvoiceStatus,
  type OfflineMethod,
} from './billing.schemas'
import { daySchema, monthSchema } from '#api/lib/dates.schemas'

import { recordIdSchema } from '#api/lib/id.schemas'
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
  userId: recordIdSchema(INVOICE_MESSAGES.user, { fromText: true }),
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
  dueDate: daySchema(INVOICE_MESSAGES.dueDateFormat, INVOICE_MESSAGES.dueDateRequired),
}

/**
 * The kinds of line an administrator types on an invoice. An exam fee is not one of them: it is
 * written by the tuition run (or its own invoice) from an entry the household accepted (decisions §29).
 */
export const TYPED_LINE_KINDS = ['tuition', 'discount', 'registration', 'late-fee', 'credit', 'manual'] as const satisfies readonly LineKind[]

export const INVOICE_LINE_MESSAGES = {
  lines: 'Lines must be a list of 1 to 100 lines',
  description: 'Each line needs a description of 1 to 300 characters',
  amountCents: 'Each line amount must be in dollars and cents, to the cent',
  amountCentsMax: 'A line amount cannot be more than $1,000,000 either way',
  studentId: 'A line student must be a student id',
  classId: 'A line class must be a class id',
  lineKind: `Line kind must be one of ${TYPED_LINE_KINDS.join(', ')}`,
  totalPositive: 'The lines must add up to more than $0.00',
  kind: `Kind must be one of ${CREATABLE_INVOICE_KINDS.join(', ')}`,
  period: 'Period must be a month (YYYY-MM)',
  periodRequired: 'A tuition invoice needs the month it bills (period, YYYY-MM)',
  periodTaken: 'This family already has a tuition invoice for this month',
  studentNotInFamily: 'A line names a student who is not in this family',
  classNotFound: 'A line names a class that does not exist',
  zeroMustBePaid: 'An invoice that credits pay in full must be marked paid',
  lateFeeFor: 'A late fee must name an invoice of the same family (lateFeeFor)',
} as const

export const amountMismatchMessage = (totalCents: number) => `Amount must equal the sum of the lines (${formatCents(totalCents)})`
export const duplicateTuitionMessage = (payer: string, period: string) => `${payer} already has a tuition invoice for ${monthLabel(period)}.`

const MAX_LINE_CENTS = MAX_INVOICE_AMOUNT * 100
const optionalId = (message: string) => recordIdSchema(message, { fromText: true }).nullish()

export const invoiceLineInputSchema = z.object(
  {
    kind: z.enum(TYPED_LINE_KINDS, { error: INVOICE_LINE_MESSAGES.lineKind }).default('manual'),
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

const optionalAmount = createInvoiceFields.amount.optional()

/**
 * POST /api/invoices (admin), one schema for every invoice an administrator issues: the spec's
 * fields and messages unchanged, plus optional `lines` (integer cents, negative for discounts
 * and credits), `kind` and `period`. With lines the amount is their sum, and an `amount` sent
 * along (dollars, like the contract's) must match it; without lines `amount` is required and the
 * server stores it as the invoice's one line. A tuition invoice names its month.
 */
export const createInvoiceSchema = z
  .object({
    ...createInvoiceFields,
    amount: optionalAmount,
    kind: z.enum(CREATABLE_INVOICE_KINDS, { error: INVOICE_LINE_MESSAGES.kind }).default('manual'),
    period: monthSchema(INVOICE_LINE_MESSAGES.period)
      .nullish()
      .transform((period) => period || null),
    lines: z
      .array(invoiceLineInputSchema, { error: INVOICE_LINE_MESSAGES.lines })
      .min(1, INVOICE_LINE_MESSAGES.lines)
      .max(100, INVOICE_LINE_MESSAGES.lines)
      .optional(),
  })
  // Checked even when other fields are wrong, so a missing amount is always named: a tuition
  // invoice is itemised by definition, any other needs its lines or its amount.
  .superRefine(
    (input, ctx) => {
      if (input.lines !== undefined) return
      if (input.kind === 'tuition') ctx.addIssue({ code: 'custom', path: ['lines'], message: INVOICE_LINE_MESSAGES.lines })
      else if (input.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: INVOICE_MESSAGES.amountPositive })
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .superRefine((input, ctx) => {
    if (input.kind === 'tuition' && !input.period) ctx.addIssue({ code: 'custom', path: ['period'], message: INVOICE_LINE_MESSAGES.periodRequired })
    if (!input.lines) return
    const total = sumLines(input.lines)
    if (total <= 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: INVOICE_LINE_MESSAGES.totalPositive })
    else if (total > MAX_LINE_CENTS) ctx.addIssue({ code: 'custom', path: ['lines'], message: INVOICE_MESSAGES.amountMax })
    else if (input.amount !== undefined && dollarsToCents(input.amount) !== total)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: amountMismatchMessage(total) })
  })
export type CreateInvoiceInput = z.infer<typeof createInvoiceSchema>

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
  /** A credit line: the family credit it uses. */
  creditId: number | null
  /** Why the line is there, in a family's words (the tuition run writes it); absent on lines typed by hand. */
  explanation?: string
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
  /** A late fee: the overdue invoice it charges for. */
  lateFeeFor: number | null
  /** Set when an administrator voided the invoice (its status is then cancelled). */
  voidedAt: string | null
  voidReason: string | null
  /** Split billing: the guardian this invoice is billed to (absent: the household's payer). */
  billedTo?: number
  billedToName?: string | null
}

export const INVOICE_IN_USE = 'A paid invoice with a recorded payment cannot be deleted.'

/** Messages of the administrator's invoice actions (decisions §10). */
export const INVOICE_ACTION_MESSAGES = {
  reason: 'Reason must be 3 to 300 characters',
  method: `Method must be one of ${OFFLINE_METHODS.join(', ')}`,
  receivedOn: 'Date received must be a valid date (YYYY-MM-DD)',
  receivedInFuture: 'Date received cannot be in the future',
  note: 'Note must be at most 500 characters',
  paidCannotVoid: 'A paid invoice cannot be voided.',
  alreadyVoid: 'This invoice is already void.',
  alreadyPaid: 'This invoice is already paid.',
  voidCannotBePaid: 'A void invoice cannot be marked paid.',
  nothingToPay: 'This invoice has nothing to pay.',
} as const

/** POST /api/admin/invoices/{id}/void (admin). */
export const voidInvoiceSchema = z.object({
  reason: z.string({ error: INVOICE_ACTION_MESSAGES.reason }).trim().min(3, INVOICE_ACTION_MESSAGES.reason).max(300, INVOICE_ACTION_MESSAGES.reason),
})
export type VoidInvoiceInput = z.infer<typeof voidInvoiceSchema>

/** POST /api/admin/invoices/{id}/mark-paid (admin): a payment received outside the card form. */
export const markPaidOfflineSchema = z.object({
  method: z.enum(OFFLINE_METHODS, { error: INVOICE_ACTION_MESSAGES.method }),
  receivedOn: daySchema(INVOICE_ACTION_MESSAGES.receivedOn)
    // A day ahead at most: the administrator's today may be the server's tomorrow.
    .refine((day) => !isIsoDate(day) || day <= addDays(todayIso(schemaNow()), 1), INVOICE_ACTION_MESSAGES.receivedInFuture),
  note: z
    .string({ error: INVOICE_ACTION_MESSAGES.note })
    .trim()
    .max(500, INVOICE_ACTION_MESSAGES.note)
    .nullish()
    .transform((note) => note || null),
})
export type MarkPaidOfflineInput = z.infer<typeof markPaidOfflineSchema>
export type { OfflineMethod }
