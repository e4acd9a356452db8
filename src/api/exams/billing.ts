import type { PayloadRequest } from 'payload'

import type { ExamEntry, Student } from '#cms/payload-types'
import type { InvoiceLineDto } from '#api/invoices/schemas'
import { findInvoicesAsServer, insertInvoice, lockFamilyBilling } from '#api/invoices'
import { academyToday } from '#api/lib/academy-clock'
import { inTransaction } from '#api/lib/database'
import { relationId } from '#api/lib/relations'
import { formatCents } from '#shared/money'
import type { ExamFeeBilling } from '#shared/statuses'
import { findEntries, updateEntry } from './entries'
import { levelNames } from './sessions'

/** An accepted entry's fee as an invoice line, with the entry it bills. */
export type ExamFeeLine = { entryId: number; line: InvoiceLineDto & { explanation: string } }

/** How the academy bills exam fees (the tuition settings' `examFeeBilling`; the next tuition invoice unless set). */
export async function examFeeBilling(req: PayloadRequest): Promise<ExamFeeBilling> {
  const settings = await req.payload.findGlobal({ slug: 'tuition-settings', req, depth: 0, overrideAccess: true })
  return settings.examFeeBilling ?? 'next-tuition-invoice'
}

/**
 * The household's accepted exam entries not billed yet, as invoice lines (decisions §29). The
 * tuition run reads them in the family's transaction, under its billing lock, and marks them
 * billed there with `markExamFeesBilled`: a run started twice, or two runs at once, find them
 * billed the second time. Withdrawn and declined entries are never accepted, so never read.
 * Billed means on an invoice that stands: the fee of an invoice voided (or deleted) is owed
 * still and goes on the next one, as a voided invoice's credits become available again; the
 * studio waives a fee by withdrawing the entry.
 */
export async function unbilledExamFees(req: PayloadRequest, householdId: number): Promise<ExamFeeLine[]> {
  const accepted = await findEntries(req, { and: [{ household: { equals: householdId } }, { status: { equals: 'accepted' } }] })
  const billedOn = [...new Set(accepted.flatMap((entry) => (entry.invoiceId == null ? [] : [entry.invoiceId])))]
  const standing = new Set(
    billedOn.length === 0
      ? []
      : (await findInvoicesAsServer(req, { and: [{ id: { in: billedOn } }, { status: { not_equals: 'cancelled' } }] })).map((invoice) => invoice.id),
  )
  return examFeeLines(
    req,
    accepted.filter((entry) => entry.invoiceId == null || !standing.has(entry.invoiceId)),
  )
}

async function examFeeLines(req: PayloadRequest, entries: ExamEntry[]): Promise<ExamFeeLine[]> {
  if (entries.length === 0) return []
  const [students, names, sessions] = await Promise.all([
    req.payload
      .find({
        collection: 'students',
        where: { id: { in: entries.map((e) => relationId(e.student)) } },
        req,
        depth: 0,
        limit: 0,
        pagination: false,
        overrideAccess: true,
      })
      .then((r) => new Map((r.docs as Student[]).map((s) => [s.id, s.fullName]))),
    levelNames(
      req,
      entries.map((e) => relationId(e.level)),
    ),
    req.payload
      .find({
        collection: 'exam-sessions',
        where: { id: { in: entries.map((e) => relationId(e.session)) } },
        req,
        depth: 0,
        limit: 0,
        pagination: false,
        overrideAccess: true,
      })
      .then((r) => new Map(r.docs.map((s) => [s.id, s]))),
  ])
  return entries.map((entry) => {
    const session = sessions.get(relationId(entry.session))
    const level = names.get(relationId(entry.level)) ?? 'exam'
    const studentName = students.get(relationId(entry.student)) ?? null
    return {
      entryId: entry.id,
      line: {
        kind: 'exam-fee',
        description: `${session?.syllabus ?? 'Exam'} ${level} exam entry${studentName ? `, ${studentName}` : ''}`,
        studentId: relationId(entry.student),
        studentName,
        classId: null,
        className: null,
        creditId: null,
        amountCents: entry.feeCents,
        explanation: `Entry fee for ${level} (${formatCents(entry.feeCents)}), exam on ${session?.date ?? ''} at ${session?.venue ?? ''}, accepted by the family.`,
      },
    }
  })
}

/** Marks these entries billed by `invoiceId`, in the caller's transaction. */
export async function markExamFeesBilled(req: PayloadRequest, fees: ExamFeeLine[], invoiceId: number): Promise<void> {
  for (const fee of fees) await updateEntry(req, fee.entryId, { invoiceId })
}

/**
 * The academy bills exam fees separately: the household's accepted, unbilled entries become one
 * invoice of their own now, under the family's billing lock, so an entry is billed once even
 * when this and a tuition run meet.
 */
export async function billExamFeesNow(req: PayloadRequest, householdId: number): Promise<number | null> {
  return inTransaction(req, async () => {
    await lockFamilyBilling(req, householdId)
    const fees = await unbilledExamFees(req, householdId)
    if (fees.length === 0) return null
    const invoice = await insertInvoice(req, {
      userId: householdId,
      description: fees.length === 1 ? fees[0]!.line.description : 'Exam entry fees',
      status: 'pending',
      dueDate: academyToday(),
      kind: 'manual',
      lines: fees.map((fee) => fee.line),
    })
    await markExamFeesBilled(req, fees, invoice.id)
    return invoice.id
  })
}
