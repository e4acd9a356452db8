/**
 * Split billing (decisions §34): the household's month is computed once (so the
 * sibling discount and the family cap stay household-wide), then its lines are shared out
 * between the guardians they are billed to. Pure: the tuition run and its tests call it.
 */

export type SplittableLine = { kind: string; amountCents: number; creditId?: number | null }

/** One guardian's share of the month: the lines of their invoice. */
export type BillPart<L> = { guardianId: number; lines: L[] }

/**
 * Whether an invoice is a guardian's to see and pay with split billing: the one it names, or the
 * payer when it names none (the household's own). Autopay charges the payer's card only these of
 * the payer's.
 */
export function isBilledTo(invoice: { billedTo?: number | null }, guardianId: number, payerId: number): boolean {
  return invoice.billedTo == null ? guardianId === payerId : invoice.billedTo === guardianId
}

/**
 * The one "billed to" rule of every money read and money mail (decisions §10, §38). `split`: the
 * academy has split billing on and this household splits (an invoice names a guardian, or a child
 * or class is billed to a guardian other than the payer); otherwise the household's money is one.
 */
export type MoneyHousehold = { split: false } | SplitHousehold
/** A household that splits: its payer and full guardians decide whose share each invoice is. */
export type SplitHousehold = { split: true; payerId: number; fullGuardianIds: readonly number[] }

/** Who reads: the office, a full guardian of the household, or a view-and-attendance one. */
export type MoneyReader = { id: number; role: 'office' | 'full' | 'view' }

/**
 * The guardian an invoice is billed to now: the one it names while they are still a full guardian
 * of the household, else the payer (the household's own, and an invoice of a guardian who left).
 */
export function billedGuardianOf(invoice: { billedTo?: number | null }, household: SplitHousehold): number {
  const named = invoice.billedTo ?? null
  return named !== null && household.fullGuardianIds.includes(named) ? named : household.payerId
}

/**
 * Whose share of the money a reader reads: null for all of it (the office; every guardian while the
 * household does not split). Splitting, a full guardian reads their own share and a view-only
 * guardian the payer's, the household's own statement that decisions §23 promises them.
 */
export function shareReadBy(reader: MoneyReader, household: MoneyHousehold): number | null {
  if (reader.role === 'office' || !household.split) return null
  return reader.role === 'view' ? household.payerId : reader.id
}

/** Whether the reader sees an invoice, and so its lines, payments, refunds and receipts. */
export function seesInvoice(reader: MoneyReader, household: MoneyHousehold, invoice: { billedTo?: number | null }): boolean {
  if (reader.role === 'office' || !household.split) return true
  return billedGuardianOf(invoice, household) === shareReadBy(reader, household)
}

/** Whether the reader sees the household's own money that is no invoice's: its credits, its card, a payment of no invoice. */
export function seesHouseholdOwn(reader: MoneyReader, household: MoneyHousehold): boolean {
  if (reader.role === 'office' || !household.split) return true
  return shareReadBy(reader, household) === household.payerId
}

/**
 * Who a mail about an invoice goes to: null for every guardian of the household (it does not
 * split), else the one guardian it is billed to (the payer for the household's own), nobody else.
 */
export function mailedGuardianOf(invoice: { billedTo?: number | null }, household: MoneyHousehold): number | null {
  return household.split ? billedGuardianOf(invoice, household) : null
}

const total = (lines: readonly SplittableLine[]) => lines.reduce((sum, line) => sum + line.amountCents, 0)

/**
 * Shares `lines` out by `guardianOf` (null: the payer). Every line but the credits goes to its
 * guardian whole; a share that would cost nothing or less (a discount whose class went to another
 * guardian) joins the payer's, and a payer's share that costs nothing joins the largest other
 * share. Credits pay the payer's share first, then the others in order of guardian, split across
 * shares when one credit pays more than a share costs. The shares add up to exactly the lines,
 * each costs more than zero or is paid by a credit, the payer's comes first, then by guardian id.
 */
export function splitLines<L extends SplittableLine>(lines: readonly L[], payerId: number, guardianOf: (line: L) => number | null): BillPart<L>[] {
  const byGuardian = new Map<number, L[]>([[payerId, []]])
  const credits: L[] = []
  for (const line of lines) {
    if (line.kind === 'credit') {
      credits.push(line)
      continue
    }
    const guardianId = guardianOf(line) ?? payerId
    byGuardian.set(guardianId, [...(byGuardian.get(guardianId) ?? []), line])
  }
  const others = [...byGuardian.keys()].filter((id) => id !== payerId).sort((a, b) => a - b)
  const payerLines = byGuardian.get(payerId)!
  let parts: BillPart<L>[] = []
  for (const guardianId of others) {
    const own = byGuardian.get(guardianId)!
    if (total(own) > 0) parts.push({ guardianId, lines: own })
    else payerLines.push(...own)
  }
  if (total(payerLines) > 0 || parts.length === 0) parts.unshift({ guardianId: payerId, lines: payerLines })
  else {
    const largest = parts.reduce((best, part) => (total(part.lines) > total(best.lines) ? part : best), parts[0]!)
    largest.lines = [...largest.lines, ...payerLines]
  }
  if (parts.length === 1) return [{ guardianId: parts[0]!.guardianId, lines: [...lines] }]

  // Credits: the engine used them up to what the household owes, so they fit in the shares.
  const owed = parts.map((part) => total(part.lines))
  for (const credit of credits) {
    let left = -credit.amountCents
    parts.forEach((part, index) => {
      const use = Math.min(left, owed[index]!)
      if (use <= 0) return
      part.lines = [...part.lines, use === -credit.amountCents ? credit : { ...credit, amountCents: -use }]
      owed[index]! -= use
      left -= use
    })
    if (left > 0) parts[0]!.lines = [...parts[0]!.lines, { ...credit, amountCents: -left }]
  }
  parts = parts.filter((part) => part.lines.length > 0)
  return parts
}
