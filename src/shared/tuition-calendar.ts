/**
 * The tuition calendar (pure; server and browser): which season a month belongs to, the day a
 * month is billed, the month's name on an invoice, and when an unpaid invoice owes a late fee.
 */

import { addDays, isMonth, monthBounds } from './dates'

/** The season a month belongs to, named by the year it starts: ('2027-02', 9) → '2026'. */
export function seasonOf(month: string, seasonStartMonth: number): string {
  if (!isMonth(month)) throw new Error(`Not a month: ${month}`)
  const year = Number(month.slice(0, 4))
  const number = Number(month.slice(5, 7))
  return String(number >= seasonStartMonth ? year : year - 1)
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** 'Mar 2026' for '2026-03'. */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`
}

/** The day of `month` tuition is billed: the billing day (1–28, so it exists in every month). */
export function billingDate(month: string, billingDay: number): string {
  if (!Number.isInteger(billingDay) || billingDay < 1 || billingDay > 28) throw new Error('The billing day must be from 1 to 28')
  return addDays(monthBounds(month).first, billingDay - 1)
}

/** The late fee an unpaid invoice owes on `today`: the fee once `lateAfterDays` have passed since it was due. */
export function lateFeeDue(settings: { lateFeeCents: number; lateAfterDays: number }, dueDate: string, today: string): number {
  if (settings.lateFeeCents <= 0) return 0
  return today > addDays(dueDate, settings.lateAfterDays) ? settings.lateFeeCents : 0
}
