import type { PayloadRequest } from 'payload'

import type { Invoice, User } from '#cms/payload-types'
import type { TuitionRunFamilyResult, TuitionRunLine } from './schemas'
import type { ExamFeeLine } from '#api/exams'
import { insertInvoice, isDuplicateTuition, lockFamilyBilling } from '#api/invoices'
import { inTransaction } from '#api/lib/database'
import { billingGuardiansOf, type BillingGuardians } from '#api/households'
import { markExamFeesBilled } from '#api/exams'
import { splitLines } from '#shared/split-billing'
import { monthLabel, sumLines } from '#shared/tuition'

/** The household's month as the run computes it (familyTuition in tuition-run.ts). */
export type FamilyMonth = { totalCents: number; lines: TuitionRunLine[]; examFees: ExamFeeLine[]; billable: boolean }

export type FamilyMonthContext = {
  period: string
  dueDate: string
  dryRun: boolean
  rebill: boolean
  /** The studio's split billing (decisions §34): off, the month is one invoice naming no guardian. */
  split: boolean
  /** The household's tuition invoices, read before the run. */
  invoices: Invoice[]
  /** The household's month, given the tuition invoices that tell which registration fees were charged. */
  compute: (charged: Invoice[]) => Promise<FamilyMonth>
  /** The household's tuition invoices read again (under its billing lock). */
  reread: () => Promise<Invoice[]>
}

const lineKey = (line: TuitionRunLine) => `${line.kind}:${line.studentId ?? ''}:${line.classId ?? ''}`

/**
 * The lines of a month some of whose invoices are live (a guardian's invoice voided and billed
 * again): only the lines no live invoice of the month holds, with credits cut to what they owe,
 * so a line is never billed twice.
 */
function notYetBilled(lines: TuitionRunLine[], live: Invoice[]): TuitionRunLine[] {
  const billed = new Set(
    live.flatMap((invoice) => (invoice.lines ?? []).filter((line) => line.kind !== 'credit').map((line) => lineKey(line as TuitionRunLine))),
  )
  const fresh = lines.filter((line) => line.kind !== 'credit' && !billed.has(lineKey(line)))
  let owed = sumLines(fresh)
  for (const credit of lines.filter((line) => line.kind === 'credit')) {
    const use = Math.min(-credit.amountCents, owed)
    if (use <= 0) break
    fresh.push(use === -credit.amountCents ? credit : { ...credit, amountCents: -use })
    owed -= use
  }
  return fresh
}

/** Who each line is billed to: with split billing the guardian it is assigned to (else the payer); without, one part naming no one. */
function partsOf(lines: TuitionRunLine[], guardians: BillingGuardians | null): { guardianId: number | null; lines: TuitionRunLine[] }[] {
  if (!guardians) return [{ guardianId: null, lines }]
  return splitLines(lines, guardians.payer.id, (line) => guardians.guardianOf(line.studentId, line.classId))
}

const liveOf = (invoices: Invoice[], period: string) => invoices.filter((invoice) => invoice.period === period && invoice.status !== 'cancelled')
const total = (invoices: Invoice[]) => invoices.reduce((sum, invoice) => sum + invoice.amountCents, 0)

type NoLines = Pick<TuitionRunFamilyResult, 'userId' | 'payerName' | 'lines'>

/** The answer for a month left as it was billed: its first live invoice and what they add up to. */
const exists = (none: NoLines, live: Invoice[]): TuitionRunFamilyResult => ({
  ...none,
  outcome: 'exists',
  invoiceId: live[0]?.id ?? null,
  totalCents: total(live),
})

/** A month with live invoices stays as it is, unless a rebill asks for the lines no guardian's invoice holds (never of a month billed as one invoice). */
const staysAsBilled = (live: Invoice[], rebill: boolean) => live.length > 0 && (!rebill || live.some((invoice) => invoice.billedTo == null))

/**
 * One household's month, the only way the run bills one (split billing on or off): computed once
 * for the household, so its discounts and cap stay household-wide. Without split billing, or when
 * every line goes to the payer, it is one invoice naming no guardian; with it, one invoice per
 * guardian billed (decisions §34), each naming its guardian (`billedTo`) and keyed by family,
 * month and guardian. Run again, a household with a live invoice of the month is skipped; a month
 * billed as one invoice stays one. Billed again after a void (`rebill`), only the lines no live
 * invoice holds are billed. A dry run answers what the same call would do, and writes nothing.
 */
export async function billFamilyMonth(req: PayloadRequest, user: User, ctx: FamilyMonthContext): Promise<TuitionRunFamilyResult> {
  const none = { userId: user.id, payerName: user.fullName, lines: [] }
  const live = liveOf(ctx.invoices, ctx.period)
  const voided = ctx.invoices.find((invoice) => invoice.period === ctx.period && invoice.status === 'cancelled')
  if (staysAsBilled(live, ctx.rebill)) return exists(none, live)
  if (live.length === 0 && voided && !ctx.rebill) return { ...none, outcome: 'voided', invoiceId: voided.id, totalCents: 0 }
  if (ctx.dryRun) {
    const month = await ctx.compute(ctx.invoices)
    const lines = live.length > 0 ? notYetBilled(month.lines, live) : month.lines
    const billable = month.billable && lines.some((line) => line.kind !== 'credit')
    return { ...none, outcome: billable ? 'wouldCreate' : 'nothingToBill', invoiceId: null, totalCents: sumLines(lines), lines }
  }
  try {
    return await billUnderLock(req, user, ctx, none)
  } catch (error) {
    // Another run inserted the same month first: the unique (family, month, guardian) index decided.
    if (!isDuplicateTuition(error)) throw error
    return exists(none, liveOf(await ctx.reread(), ctx.period))
  }
}

/** The month's invoices written under the household's billing lock, from what is billed by then. */
function billUnderLock(req: PayloadRequest, user: User, ctx: FamilyMonthContext, none: NoLines): Promise<TuitionRunFamilyResult> {
  return inTransaction(req, async (): Promise<TuitionRunFamilyResult> => {
    await lockFamilyBilling(req, user.id)
    const charged = await ctx.reread()
    const liveNow = liveOf(charged, ctx.period)
    // Billed meanwhile by another run, or a month billed as one invoice: it stays as it is.
    if (staysAsBilled(liveNow, ctx.rebill)) return exists(none, liveNow)
    const month = await ctx.compute(charged)
    const lines = liveNow.length > 0 ? notYetBilled(month.lines, liveNow) : month.lines
    if (!month.billable || !lines.some((line) => line.kind !== 'credit')) {
      return { ...none, outcome: liveNow.length > 0 ? 'exists' : 'nothingToBill', invoiceId: liveNow[0]?.id ?? null, totalCents: month.totalCents }
    }
    const guardians = ctx.split ? await billingGuardiansOf(req, user.id) : null
    const parts = partsOf(lines, guardians)
    const named = guardians !== null && (parts.length > 1 || parts[0]!.guardianId !== guardians.payer.id || liveNow.length > 0)
    const created: { invoice: Invoice; lines: TuitionRunLine[] }[] = []
    for (const part of parts) {
      const billedTo = named ? part.guardianId : null
      // A guardian whose invoice of the month is live keeps it; their new lines wait (never billed twice).
      if (liveNow.some((invoice) => invoice.billedTo === billedTo)) continue
      const invoice = await insertInvoice(req, {
        userId: user.id,
        description: `Tuition, ${monthLabel(ctx.period)}`,
        // Credits that pay the whole part leave nothing to pay.
        status: sumLines(part.lines) === 0 ? 'paid' : 'pending',
        dueDate: ctx.dueDate,
        kind: 'tuition',
        period: ctx.period,
        lines: part.lines,
        billedTo,
        billedToName: billedTo === null ? null : (guardians?.full.get(billedTo)?.fullName ?? null),
      })
      const fees = month.examFees.filter((fee) => part.lines.includes(fee.line))
      await markExamFeesBilled(req, fees, invoice.id)
      created.push({ invoice, lines: part.lines })
    }
    if (created.length === 0) return { ...none, outcome: 'exists', invoiceId: liveNow[0]?.id ?? null, totalCents: 0 }
    return {
      ...none,
      outcome: 'created',
      invoiceId: created[0]!.invoice.id,
      totalCents: created.reduce((sum, c) => sum + c.invoice.amountCents, 0),
      lines: created.flatMap((c) => c.lines),
      invoices: created.map(({ invoice }) => ({ invoiceId: invoice.id, billedTo: invoice.billedTo ?? null, totalCents: invoice.amountCents })),
    }
  })
}
