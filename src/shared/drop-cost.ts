/**
 * What a drop costs (decisions §16, §18): the student attends through the last day and the
 * month of that day is prorated by the class meetings held up to it, as the month's run
 * (`computeFamilyTuition`) will bill it; nothing is billed after that month. Pure, so the portal
 * shows the family the same figure before it confirms.
 */
import { calendarDay, monthOf } from './dates'
import type { ClassCalendar } from './schedule'
import { meetingDays, monthLabel, prorate } from './tuition'

export type DropCost = {
  /** The month of the last day, `YYYY-MM`, and its label ('Dec 2026'). */
  month: string
  monthLabel: string
  /** That month's tuition for this class after the drop, cents, before family discounts. */
  amountCents: number
  /** The class's full monthly price, cents. */
  priceCents: number
  /** Meetings attended in that month, of the meetings held. */
  charged: number
  held: number
}

export function dropCost(cls: ClassCalendar & { price: number }, enrollmentDate: string, lastDay: string, academyClosures: readonly string[] = []): DropCost {
  const month = monthOf(lastDay)
  const meetings = meetingDays(month, cls.days, academyClosures, {
    weekdays: cls.weekdays,
    termStart: cls.termStart ?? null,
    termEnd: cls.termEnd ?? null,
    closures: cls.closures ?? [],
  })
  const { amountCents, charged, held } = prorate(cls.price, meetings, calendarDay(enrollmentDate), lastDay)
  return { month, monthLabel: monthLabel(month), amountCents, priceCents: cls.price, charged, held }
}
