import { sql } from '@payloadcms/db-postgres'
import { ValidationError, type PayloadRequest, type Where } from 'payload'

import type { Invoice, User } from '#cms/payload-types'
import { AppError, badInput, conflict, isUniqueViolation, notFound } from '#api/errors'
import type { InvoiceStatus } from '#api/schemas/billing'
import { centsToDollars, dollarsToCents } from '#shared/money'
import {
  duplicateTuitionMessage,
  INVOICE_IN_USE,
  INVOICE_LINE_MESSAGES,
  INVOICE_MESSAGES,
  type CreateInvoiceInput,
  type InvoiceDto,
  type InvoiceLineDto,
  type InvoiceLineInput,
} from '#api/schemas/invoices'
import { inTransaction, queryInTransaction } from './transaction'
import { relationId } from '#api/operations/relations'

export const INVOICE_NOT_FOUND = 'Invoice not found.'

/** An invoice's lines; one typed as a single amount shows as one line, so the lines always add up to the amount. */
function linesOf(doc: Invoice): InvoiceLineDto[] {
  if (!doc.lines?.length) {
    return [{ kind: 'manual', description: doc.description, amountCents: doc.amountCents, studentId: null, studentName: null, classId: null, className: null }]
  }
  return doc.lines.map((line) => ({
    kind: line.kind,
    description: line.description,
    amountCents: line.amountCents,
    studentId: line.studentId ?? null,
    studentName: line.studentName ?? null,
    classId: line.classId ?? null,
    className: line.className ?? null,
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
    dueDate: new Date(doc.dueDate).toISOString().slice(0, 10),
    createdAt: new Date(doc.createdAt).toISOString(),
    payerName: doc.payerName ?? null,
    payerEmail: doc.payerEmail ?? null,
    kind: doc.kind ?? 'manual',
    period: doc.period ?? null,
    lines: linesOf(doc),
  }
}

/** The caller's own invoices, newest first — an administrator's too, since /billing pays only one's own (spec §7). */
export async function listInvoices(req: PayloadRequest): Promise<InvoiceDto[]> {
  if (!req.user) return []
  return findInvoices(req, { userId: { equals: req.user.id } })
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

type StoredLine = NonNullable<Invoice['lines']>[number]

/**
 * The lines as stored: each names its student and class by id and by name as they are now, so
 * the invoice reads the same after either is gone (decisions §2). A student must be the payer's.
 */
async function storedLines(req: PayloadRequest, payer: User, lines: readonly InvoiceLineInput[]): Promise<StoredLine[]> {
  const studentIds = [...new Set(lines.map((line) => line.studentId).filter((id): id is number => id != null))]
  const classIds = [...new Set(lines.map((line) => line.classId).filter((id): id is number => id != null))]
  const students = studentIds.length
    ? (await req.payload.find({ collection: 'students', where: { id: { in: studentIds } }, req, overrideAccess: true, depth: 0, limit: 0, pagination: false }))
        .docs
    : []
  const classes = classIds.length
    ? (await req.payload.find({ collection: 'classes', where: { id: { in: classIds } }, req, overrideAccess: true, depth: 0, limit: 0, pagination: false }))
        .docs
    : []
  const studentNames = new Map(students.filter((s) => relationId(s.user) === payer.id).map((s) => [s.id, s.fullName]))
  const classNames = new Map(classes.map((c) => [c.id, c.name]))
  return lines.map((line, index) => {
    if (line.studentId != null && !studentNames.has(line.studentId)) {
      throw badInput(INVOICE_LINE_MESSAGES.studentNotInFamily, [{ path: `lines.${index}.studentId`, message: INVOICE_LINE_MESSAGES.studentNotInFamily }])
    }
    if (line.classId != null && !classNames.has(line.classId)) {
      throw badInput(INVOICE_LINE_MESSAGES.classNotFound, [{ path: `lines.${index}.classId`, message: INVOICE_LINE_MESSAGES.classNotFound }])
    }
    return {
      kind: line.kind,
      description: line.description,
      amountCents: line.amountCents,
      studentId: line.studentId ?? null,
      studentName: line.studentId != null ? studentNames.get(line.studentId)! : null,
      classId: line.classId ?? null,
      className: line.classId != null ? classNames.get(line.classId)! : null,
    }
  })
}

/** Whether a failed insert met the family's tuition invoice for the month (the hook's check, or the unique index in a race). */
export function isDuplicateTuition(error: unknown): boolean {
  if (error instanceof ValidationError) {
    return (error.data?.errors ?? []).some((e) => e.path === 'tuitionKey' || (e.path === 'period' && e.message === INVOICE_LINE_MESSAGES.periodTaken))
  }
  return isUniqueViolation(error, 'tuition_key')
}

/**
 * Issues an invoice to an existing account. The amount is stored as exact integer cents, and
 * the payer's name and email are copied so the record survives the account (decisions §2).
 * An invoice of lines costs their sum (the collection hook derives it); a tuition invoice is
 * one per family and month, which the unique index decides even between concurrent requests.
 */
export async function createInvoice(req: PayloadRequest, input: CreateInvoiceInput): Promise<InvoiceDto> {
  const payer = (await req.payload.findByID({ collection: 'users', id: input.userId, req, overrideAccess: true, depth: 0, disableErrors: true })) as User | null
  if (!payer) throw badInput(INVOICE_MESSAGES.user, [{ path: 'userId', message: INVOICE_MESSAGES.user }])
  const lined = 'lines' in input ? input : null
  const lines = lined ? await storedLines(req, payer, lined.lines) : undefined
  try {
    const doc = await req.payload.create({
      collection: 'invoices',
      req,
      overrideAccess: false,
      depth: 0,
      data: {
        userId: payer.id,
        payerName: payer.fullName,
        payerEmail: payer.email,
        // With lines the hook replaces this with their sum (which the schema has checked any amount against).
        amountCents: input.amount !== undefined ? dollarsToCents(input.amount) : 0,
        description: input.description,
        status: input.status,
        dueDate: input.dueDate,
        ...(lined ? { kind: lined.kind, period: lined.period, lines } : {}),
      },
    })
    return toInvoiceDto(doc)
  } catch (error) {
    if (!(error instanceof AppError) && lined?.period && isDuplicateTuition(error)) throw conflict(duplicateTuitionMessage(payer.fullName, lined.period))
    throw error
  }
}

async function findInvoice(req: PayloadRequest, id: number): Promise<Invoice> {
  const doc = (await req.payload.findByID({ collection: 'invoices', id, req, overrideAccess: false, depth: 0, disableErrors: true })) as Invoice | null
  if (!doc) throw notFound(INVOICE_NOT_FOUND)
  return doc
}

export async function setInvoiceStatus(req: PayloadRequest, id: number, status: InvoiceStatus): Promise<InvoiceDto> {
  await findInvoice(req, id)
  const doc = await req.payload.update({ collection: 'invoices', id, req, overrideAccess: false, depth: 0, data: { status } })
  return toInvoiceDto(doc)
}

/** Deletes an invoice unless a completed payment records that it was paid: that history stays. */
export async function deleteInvoice(req: PayloadRequest, id: number): Promise<void> {
  await inTransaction(req, async () => {
    await findInvoice(req, id)
    // Holds the row until commit, so a payment being recorded for it meanwhile waits or fails.
    await queryInTransaction(req, sql`SELECT id FROM invoices WHERE id = ${id} FOR UPDATE`)
    const { totalDocs } = await req.payload.count({
      collection: 'payments',
      req,
      overrideAccess: true,
      where: { and: [{ invoice: { equals: id } }, { status: { equals: 'completed' } }] },
    })
    if (totalDocs > 0) throw conflict(INVOICE_IN_USE)
    await req.payload.delete({ collection: 'invoices', id, req, overrideAccess: false, depth: 0 })
  })
}
