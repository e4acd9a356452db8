import { ValidationError, type CollectionBeforeChangeHook, type PayloadRequest } from 'payload'

import type { Invoice } from '#cms/payload-types'
import { MAX_INVOICE_AMOUNT } from '#api/invoices/billing.schemas'
import { INVOICE_LINE_MESSAGES, INVOICE_MESSAGES } from '#api/invoices/schemas'
import { relationId } from '#api/lib/relations'
import { isMonth } from '#shared/dates'
import { sumLines } from '#shared/tuition'

type Line = NonNullable<Invoice['lines']>[number]

const MAX_CENTS = MAX_INVOICE_AMOUNT * 100

/**
 * The key that makes one tuition invoice per family and month (a unique column), or null for every
 * other invoice. With split billing, one per family, month and guardian billed (decisions §34).
 */
export function tuitionKeyOf(invoice: {
  kind?: string | null
  userId?: number | null
  period?: string | null
  status?: string | null
  billedTo?: number | null
}): string | null {
  // A voided (cancelled) month frees its key, so an administrator can bill that month again on purpose (decisions §10).
  if (invoice.status === 'cancelled') return null
  if (invoice.kind !== 'tuition' || invoice.userId == null || !invoice.period) return null
  return invoice.billedTo == null ? `${invoice.userId}:${invoice.period}` : `${invoice.userId}:${invoice.period}:${invoice.billedTo}`
}

/** A tuition month whose credits paid all of it: lines that add up to zero, at least one of them a credit. */
export function isCoveredByCredits(invoice: Partial<Pick<Invoice, 'kind' | 'lines'>>): boolean {
  const lines = invoice.lines ?? []
  return invoice.kind === 'tuition' && lines.some((line) => line.kind === 'credit') && sumLines(lines) === 0
}

function refuse(path: string, message: string): never {
  throw new ValidationError({ collection: 'invoices', errors: [{ path, message }] })
}

/**
 * The lines whose student or class is new to this invoice (added, or changed on a line): only
 * they are checked against the family and the classes, since a line written earlier keeps
 * naming a student or class that has gone since (decisions §2).
 */
function changedLines(lines: Line[], original: Invoice | undefined, payerChanged: boolean): { line: Line; index: number }[] {
  const before = new Map((original?.lines ?? []).filter((line) => line.id).map((line) => [line.id!, line]))
  return lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => {
      const old = line.id ? before.get(line.id) : undefined
      return payerChanged || !old || (old.studentId ?? null) !== (line.studentId ?? null) || (old.classId ?? null) !== (line.classId ?? null)
    })
}

/** A line's student must be the payer's and its class must exist; their names are copied onto the line. */
async function checkLineRefs(req: PayloadRequest, userId: number, lines: Line[], original: Invoice | undefined): Promise<void> {
  const toCheck = changedLines(lines, original, original != null && original.userId !== userId)
  const studentIds = [...new Set(toCheck.map(({ line }) => line.studentId).filter((id): id is number => id != null))]
  const classIds = [...new Set(toCheck.map(({ line }) => line.classId).filter((id): id is number => id != null))]
  const common = { req, overrideAccess: true, depth: 0, limit: 0, pagination: false } as const
  const students = studentIds.length ? (await req.payload.find({ collection: 'students', where: { id: { in: studentIds } }, ...common })).docs : []
  const classes = classIds.length ? (await req.payload.find({ collection: 'classes', where: { id: { in: classIds } }, ...common })).docs : []
  const studentNames = new Map(students.filter((s) => relationId(s.user) === userId).map((s) => [s.id, s.fullName]))
  const classNames = new Map(classes.map((c) => [c.id, c.name]))
  for (const { line, index } of toCheck) {
    if (line.studentId != null) {
      if (!studentNames.has(line.studentId)) refuse(`lines.${index}.studentId`, INVOICE_LINE_MESSAGES.studentNotInFamily)
      line.studentName = studentNames.get(line.studentId)!
    }
    if (line.classId != null) {
      if (!classNames.has(line.classId)) refuse(`lines.${index}.classId`, INVOICE_LINE_MESSAGES.classNotFound)
      line.className = classNames.get(line.classId)!
    }
  }
}

/**
 * Rules every invoice write obeys, whoever writes (the contract, /cms, the tuition run, late fees):
 * - every invoice is made of lines and costs exactly their sum: an invoice written as one amount
 *   (the spec's form, /cms, seeds) gets that amount as its single line, and the amount of an
 *   invoice with lines is derived here, so a different amount is corrected, never stored;
 * - no line and no invoice is above $1,000,000 either way, and the lines add up to more than
 *   zero, except a tuition month that credits paid in full, which is stored as paid at $0.00;
 * - a line's student is one of the payer's, its class exists (checked when a line is added or
 *   changes its student or class); the payer's name and email are copied on creation;
 * - a tuition invoice names its month, and carries the key of the unique index that lets a
 *   family have one live tuition invoice per month, even when two runs race (a second one met
 *   outside a race is refused here, with a message /cms shows at the month); a voided one
 *   lets go of the key;
 * - a late fee names the invoice it charges for, of the same family (its column is unique).
 * On an update `data` holds only the changed fields, so the stored invoice fills in the rest.
 */
export const deriveInvoiceTotals: CollectionBeforeChangeHook<Invoice> = async ({ data, originalDoc, operation, req }) => {
  const merged: Partial<Invoice> = { ...originalDoc, ...data }
  const userId = merged.userId
  if (operation === 'create' || (originalDoc && data.userId !== undefined && data.userId !== originalDoc.userId)) {
    const payer =
      userId != null ? await req.payload.findByID({ collection: 'users', id: userId, req, overrideAccess: true, depth: 0, disableErrors: true }) : null
    if (!payer) refuse('userId', INVOICE_MESSAGES.user)
    data.payerName = data.payerName || payer.fullName
    data.payerEmail = data.payerEmail || payer.email
  }

  let lines = merged.lines ?? []
  if (lines.length === 0) {
    // The spec's one-amount invoice: its amount becomes its one line (and keeps to the rules of lines).
    if (typeof merged.amountCents !== 'number' || !merged.description) refuse('amountCents', INVOICE_MESSAGES.amountPositive)
    lines = [{ kind: 'manual', description: merged.description, amountCents: merged.amountCents }]
    data.lines = lines
  }
  lines.forEach((line, index) => {
    if (!Number.isSafeInteger(line.amountCents)) refuse(`lines.${index}.amountCents`, INVOICE_LINE_MESSAGES.amountCents)
    if (Math.abs(line.amountCents) > MAX_CENTS) refuse(`lines.${index}.amountCents`, INVOICE_LINE_MESSAGES.amountCentsMax)
  })
  const kind = merged.kind ?? 'manual'
  const total = sumLines(lines)
  if (total > MAX_CENTS) refuse('lines', INVOICE_MESSAGES.amountMax)
  if (total <= 0) {
    if (!isCoveredByCredits({ kind, lines })) refuse('lines', INVOICE_LINE_MESSAGES.totalPositive)
    if ((merged.status ?? 'pending') !== 'paid') refuse('status', INVOICE_LINE_MESSAGES.zeroMustBePaid)
  }
  data.amountCents = total
  if (data.lines && userId != null) await checkLineRefs(req, userId, data.lines, originalDoc)

  if (merged.period != null && merged.period !== '' && !isMonth(merged.period)) refuse('period', INVOICE_LINE_MESSAGES.period)
  if (kind === 'tuition' && !merged.period) refuse('period', INVOICE_LINE_MESSAGES.periodRequired)
  if (kind === 'late-fee') {
    if (merged.lateFeeFor == null) refuse('lateFeeFor', INVOICE_LINE_MESSAGES.lateFeeFor)
    if (operation === 'create') {
      const overdue = await req.payload.findByID({
        collection: 'invoices',
        id: merged.lateFeeFor,
        req,
        overrideAccess: true,
        depth: 0,
        disableErrors: true,
      })
      if (!overdue || overdue.userId !== userId) refuse('lateFeeFor', INVOICE_LINE_MESSAGES.lateFeeFor)
    }
  } else if (merged.lateFeeFor != null) refuse('lateFeeFor', INVOICE_LINE_MESSAGES.lateFeeFor)
  data.kind = kind
  data.tuitionKey = tuitionKeyOf({ kind, userId, period: merged.period, status: merged.status ?? 'pending', billedTo: merged.billedTo })
  if (data.tuitionKey) {
    // A clear message at the month's field for /cms; the unique index still decides between concurrent writes.
    const twin = await req.payload.count({
      collection: 'invoices',
      req,
      overrideAccess: true,
      where: { and: [{ tuitionKey: { equals: data.tuitionKey } }, ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : [])] },
    })
    if (twin.totalDocs > 0) refuse('period', INVOICE_LINE_MESSAGES.periodTaken)
  }
  return data
}
