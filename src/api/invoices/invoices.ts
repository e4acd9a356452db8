import { ValidationError, type PayloadRequest, type Where } from 'payload'

import type { Invoice, User } from '#cms/payload-types'
import { AppError, conflict, isUniqueViolation, notFound } from '#api/errors'
import { centsToDollars, dollarsToCents } from '#shared/money'
import { familyRows, householdOf } from '#api/lib/ownership'
import { duplicateTuitionMessage, INVOICE_LINE_MESSAGES, type CreateInvoiceInput, type InvoiceDto, type InvoiceLineDto } from './schemas'
import { calendarDay } from '#shared/dates'
import { moneyViewOf } from '#api/households'

export const INVOICE_NOT_FOUND = 'Invoice not found.'

/** An invoice's lines as stored: every invoice has them (the collection hook gives a one-amount invoice its one line). */
function linesOf(doc: Invoice): InvoiceLineDto[] {
  return (doc.lines ?? []).map((line) => ({
    kind: line.kind,
    description: line.description,
    amountCents: line.amountCents,
    studentId: line.studentId ?? null,
    studentName: line.studentName ?? null,
    classId: line.classId ?? null,
    className: line.className ?? null,
    creditId: line.creditId ?? null,
    ...(line.explanation ? { explanation: line.explanation } : {}),
  }))
}

/** The one shape an invoice leaves the server in: dollars, and the due date as a calendar day. */
export function toInvoiceDto(doc: Invoice): InvoiceDto {
  return {
    id: doc.id,
    userId: doc.userId,
    amount: centsToDollars(doc.amountCents),
    description: doc.description,
    status: doc.status,
    dueDate: calendarDay(doc.dueDate),
    createdAt: new Date(doc.createdAt).toISOString(),
    payerName: doc.payerName ?? null,
    payerEmail: doc.payerEmail ?? null,
    kind: doc.kind ?? 'manual',
    period: doc.period ?? null,
    lines: linesOf(doc),
    lateFeeFor: doc.lateFeeFor ?? null,
    voidedAt: doc.voidedAt ? new Date(doc.voidedAt).toISOString() : null,
    voidReason: doc.voidReason ?? null,
    // Split billing (decisions §34): only an invoice billed to one guardian names them.
    ...(doc.billedTo != null ? { billedTo: doc.billedTo, billedToName: doc.billedToName ?? null } : {}),
  }
}

/**
 * The caller's own invoices, newest first — an administrator's too, since /billing pays only one's
 * own (spec §7). The "billed to" rule (`moneyViewOf`, decisions §10): a household that splits
 * shows a guardian those billed to them (the payer also those naming no guardian, a view-only
 * guardian the payer's), as their statement does.
 */
export async function listInvoices(req: PayloadRequest, user: User): Promise<InvoiceDto[]> {
  const invoices = await findInvoices(req, familyRows(householdOf(user), 'userId'))
  const view = await moneyViewOf(req, user)
  return invoices.filter((invoice) => view.sees(invoice))
}

/** Every family's invoices, newest first: the admin console's billing tab. */
export async function listAllInvoices(req: PayloadRequest): Promise<InvoiceDto[]> {
  return findInvoices(req, {})
}

async function findInvoices(req: PayloadRequest, where: Where): Promise<InvoiceDto[]> {
  const result = await req.payload.find({
    collection: 'invoices',
    req,
    overrideAccess: false,
    where,
    depth: 0,
    limit: 0,
    pagination: false,
    sort: ['-createdAt', '-id'],
  })
  return result.docs.map(toInvoiceDto)
}

/** Whether a failed insert met the family's tuition invoice for the month (the hook's check, or the unique index in a race). */
export function isDuplicateTuition(error: unknown): boolean {
  if (error instanceof ValidationError) {
    return (error.data?.errors ?? []).some((e) => e.path === 'tuitionKey' || (e.path === 'period' && e.message === INVOICE_LINE_MESSAGES.periodTaken))
  }
  return isUniqueViolation(error, 'tuition_key')
}

export type NewInvoice = Omit<Invoice, 'id' | 'createdAt' | 'updatedAt' | 'tuitionKey' | 'payerName' | 'payerEmail' | 'amountCents'> & {
  /** Ignored when there are lines (the invoice costs their sum). */
  amountCents?: number
}

/**
 * The one way the server writes a new invoice (the contract's form, the tuition run, late
 * fees): the collection hook then applies the rules every invoice obeys (its lines and their
 * sum, the family's students, the cap, the payer's name and email, one tuition invoice per
 * family and month, one late fee per invoice). Joins the request's transaction when one is open.
 */
export async function insertInvoice(req: PayloadRequest, data: NewInvoice): Promise<Invoice> {
  return req.payload.create({
    collection: 'invoices',
    req,
    overrideAccess: true,
    depth: 0,
    data: { ...data, amountCents: data.amountCents ?? 0 },
  })
}

/**
 * POST /api/invoices: issues an invoice to an existing account. The amount is stored as exact
 * integer cents (one line when typed as one amount), and the payer's name and email are copied
 * so the record survives the account (decisions §2). A tuition invoice is one per family and
 * month, which the unique index decides even between concurrent requests (409).
 */
export async function createInvoice(req: PayloadRequest, input: CreateInvoiceInput): Promise<InvoiceDto> {
  const lines = input.lines ?? [{ kind: 'manual' as const, description: input.description, amountCents: dollarsToCents(input.amount!) }]
  try {
    const doc = await insertInvoice(req, {
      userId: input.userId,
      description: input.description,
      status: input.status,
      dueDate: input.dueDate,
      kind: input.kind,
      period: input.period,
      lines: lines.map((line) => ({ ...line, studentId: line.studentId ?? null, classId: line.classId ?? null })),
    })
    return toInvoiceDto(doc)
  } catch (error) {
    if (!(error instanceof AppError) && input.period && isDuplicateTuition(error)) {
      const payer = (await req.payload.findByID({
        collection: 'users',
        id: input.userId,
        req,
        overrideAccess: true,
        depth: 0,
        disableErrors: true,
      })) as User | null
      throw conflict(duplicateTuitionMessage(payer?.fullName ?? `Account ${input.userId}`, input.period))
    }
    throw error
  }
}

/** One invoice as the caller may read it (an administrator: any); 404 otherwise. */
export async function findInvoice(req: PayloadRequest, id: number): Promise<Invoice> {
  const doc = (await req.payload.findByID({ collection: 'invoices', id, req, overrideAccess: false, depth: 0, disableErrors: true })) as Invoice | null
  if (!doc) throw notFound(INVOICE_NOT_FOUND)
  return doc
}
