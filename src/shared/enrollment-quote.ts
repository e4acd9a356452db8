/**
 * The quote shown before an enrollment is confirmed (issue 23): what enrolling adds to the
 * family's first invoice that will charge the new class. It is no second copy of the tuition
 * rules: the family's invoice for that month is computed by the tuition engine
 * (`computeFamilyTuition`) without and with the new enrollments, and the quote is what changes
 * between the two (the new tuition lines with their proration, the discounts that move, and the
 * season's registration fee when this enrollment is the one that brings it), each line with the
 * engine's explanation in words (src/shared/tuition-proration.ts, tuition-explanations.ts), the
 * sentence the invoice line will carry. Pending credits
 * are left out: they lower an invoice whatever is enrolled. Pure: server and browser.
 */

import { monthOf } from './dates'
import { computeFamilyTuition, sumLines, type TuitionEnrollment, type TuitionLine, type TuitionSettings } from './tuition'

export type AdditionQuote = {
  /** The month billed, `YYYY-MM`. */
  month: string
  /** The new tuition lines, then the discounts that change (negative: more off), then the registration fee. */
  lines: TuitionLine[]
  /** What the invoice grows by: the sum of the lines. */
  totalCents: number
}

type QuotedFamily = {
  /** The family's enrollments as the tuition run reads them. */
  enrollments: readonly TuitionEnrollment[]
  /** Seasons whose registration fee the family's invoices have already charged. */
  registrationSeasons?: readonly string[]
}

const pairKey = (line: { studentId?: string; classId?: string }) => `${line.studentId}\u0000${line.classId}`

/**
 * What adding `additions` to the family's enrollments adds to its invoice for `month`, or null
 * when the new classes charge nothing that month (no meeting for the student in it).
 */
export function quoteAdditions(settings: TuitionSettings, month: string, family: QuotedFamily, additions: readonly TuitionEnrollment[]): AdditionQuote | null {
  const before = computeFamilyTuition(settings, month, family)
  const after = computeFamilyTuition(settings, month, { ...family, enrollments: [...family.enrollments, ...additions] })
  const added = new Set(additions.map(pairKey))
  const tuition = after.lines.filter((line) => line.kind === 'tuition' && added.has(pairKey(line)))
  if (tuition.length === 0) return null

  // A discount that appears, grows or moves to another child: the change, line by line.
  const discountsBefore = new Map<string, number>()
  for (const line of before.lines)
    if (line.kind === 'discount') discountsBefore.set(line.description, (discountsBefore.get(line.description) ?? 0) + line.amountCents)
  const discounts: TuitionLine[] = []
  const seen = new Set<string>()
  for (const line of after.lines.filter((l) => l.kind === 'discount')) {
    seen.add(line.description)
    const change = line.amountCents - (discountsBefore.get(line.description) ?? 0)
    if (change !== 0) discounts.push({ ...line, amountCents: change })
  }
  // A discount the new enrollment takes away (another child now pays in full): no invoice line says it any more.
  for (const line of before.lines.filter((l) => l.kind === 'discount' && !seen.has(l.description)))
    discounts.push({ ...line, amountCents: -line.amountCents, explanation: `No longer applies: ${line.explanation}` })

  const registration = after.chargesRegistration && !before.chargesRegistration ? after.lines.filter((line) => line.kind === 'registration') : []
  const lines = [...tuition, ...discounts, ...registration]
  return { month, lines, totalCents: sumLines(lines) }
}

/**
 * The first invoice that will charge the new classes: the first month from `today`'s that is
 * not billed yet (`billedMonths`: the family already has its tuition invoice, or the month's
 * run is over) in which they charge anything, looking `monthsAhead` months ahead; null when
 * there is none. An unbilled month before it that charges the season's registration fee for
 * the family's other classes counts as charging it.
 */
export function firstInvoiceQuote(
  settings: TuitionSettings,
  today: string,
  family: QuotedFamily & { billedMonths: readonly string[] },
  additions: readonly TuitionEnrollment[],
  monthsAhead = 24,
): AdditionQuote | null {
  const seasons = [...(family.registrationSeasons ?? [])]
  for (let ahead = 0; ahead < monthsAhead; ahead++) {
    const month = monthOf(today, ahead)
    if (family.billedMonths.includes(month)) continue
    const current = { enrollments: family.enrollments, registrationSeasons: seasons }
    const quote = quoteAdditions(settings, month, current, additions)
    if (quote) return quote
    const billed = computeFamilyTuition(settings, month, current)
    if (billed.chargesRegistration) seasons.push(billed.season)
  }
  return null
}
