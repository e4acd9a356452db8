import type { EnrollmentDto } from '#api/enrollment/schemas'
import { addDays, formatDayWithWeekday, isIsoDate } from '#shared/dates'
import { dropCost } from '#shared/drop-cost'
import { formatCents } from '#shared/money'

/**
 * What a drop means before the family confirms it (decisions §16, §18): the last day attended,
 * the day the place is free, and the last month's tuition as the month's run will prorate it.
 */
export function DropPreview({
  enrollment,
  lastDay,
  today,
  academyClosures,
}: {
  enrollment: EnrollmentDto
  lastDay: string
  today: string
  academyClosures: string[]
}) {
  if (!isIsoDate(lastDay)) return null
  const cls = enrollment.class
  const cost = dropCost(cls, enrollment.enrollmentDate, lastDay, academyClosures)
  const day = (value: string) => formatDayWithWeekday(value, today)
  return (
    <div className="space-y-1 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="drop-preview" aria-live="polite">
      <p className="font-semibold">Last day: {day(lastDay)}</p>
      <p>The place is free from {day(addDays(lastDay, 1))}.</p>
      <p>
        {cost.held === 0 || cost.amountCents === 0
          ? `No tuition for ${cost.monthLabel}: there is no class to attend that month.`
          : cost.charged === cost.held
            ? `Tuition for ${cost.monthLabel}: ${formatCents(cost.amountCents)}, the full month.`
            : `Tuition for ${cost.monthLabel}: ${formatCents(cost.amountCents)} instead of ${formatCents(cost.priceCents)} (${cost.charged} of ${cost.held} classes).`}{' '}
        Nothing is billed after that month.
      </p>
      <p className="text-gray-800">Before family discounts; a month already billed is not billed again.</p>
    </div>
  )
}
