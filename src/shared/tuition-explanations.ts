/**
 * Why each line of a tuition invoice is there, in a family's words (rules 2–6 of
 * src/shared/tuition.ts; rule 1, proration, explains itself in tuition-proration.ts). The engine
 * writes these sentences on the lines it makes, the run stores them on the invoice lines, and
 * the family's statement shows the coming invoice's lines with the same ones.
 */

import { formatCents } from './money'

/** Rule 2: '10% off Jazz ($80.00): Ballet I, Emma's most expensive class, is charged in full; each of her other classes gets 10% off.' */
export function multiClassDiscountExplanation(input: {
  percent: number
  studentName: string
  className: string
  classCents: number
  fullClassName: string
}): string {
  const { percent, studentName, className, classCents, fullClassName } = input
  return `${percent}% off ${className} (${formatCents(classCents)}): ${fullClassName}, ${studentName}'s most expensive class, is charged in full; each other class of ${studentName}'s gets ${percent}% off.`
}

/** Rule 3: '10% off Emma's tuition ($95.00): Lily has the highest tuition and pays in full; each other child gets 10% off.' */
export function siblingDiscountExplanation(input: { percent: number; studentName: string; tuitionCents: number; fullStudentName: string }): string {
  const { percent, studentName, tuitionCents, fullStudentName } = input
  return `${percent}% off ${studentName}'s tuition (${formatCents(tuitionCents)}): ${fullStudentName} has the highest tuition and pays in full; each other child gets ${percent}% off.`
}

/** Rule 4, added to a discount the cap reduced: ' Reduced by $5.00: the family's discounts are capped at $50.00 a month.' */
export function discountCapExplanation(reducedByCents: number, capCents: number): string {
  return ` Reduced by ${formatCents(reducedByCents)}: the family's discounts are capped at ${formatCents(capCents)} a month.`
}

/** Rule 5: 'Charged once per family each season, with the first tuition invoice of the 2026–2027 season.' */
export function registrationExplanation(season: string): string {
  return `Charged once per family each season, with the first tuition invoice of the ${season}–${Number(season) + 1} season.`
}

/**
 * Rule 6: 'Your credit of $20.00 from the academy, used in full.', or, when the invoice owes less
 * than the credit: '$37.77 of your $50.00 credit from the academy, all this invoice owes; the $12.23 left comes off your next invoices.'
 */
export function creditExplanation(availableCents: number, usedCents: number): string {
  if (usedCents >= availableCents) return `Your credit of ${formatCents(availableCents)} from the academy, used in full.`
  const left = formatCents(availableCents - usedCents)
  return `${formatCents(usedCents)} of your ${formatCents(availableCents)} credit from the academy, all this invoice owes; the ${left} left comes off your next invoices.`
}
