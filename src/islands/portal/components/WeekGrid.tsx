import { formatCalendarDay } from '#shared/dates'
import { ordinal } from '#shared/ordinal'
import { noClassText } from '#shared/week-schedule'
import type { ScheduleEntry, WeekDay, WeekItem } from '#islands/portal/family'
import { firstName } from '#islands/portal/format'
import { PORTAL_TEXT } from '#islands/portal/texts'

/** 'Nov 26' of a calendar day (the year is in the week's heading). */
const shortDay = (day: string) => formatCalendarDay(day).replace(/, \d{4}$/, '')

function EnrolledItem({
  item,
  showStudent,
  onOpen,
}: {
  item: Extract<WeekItem, { kind: 'enrolled' }>
  showStudent: boolean
  onOpen: (entry: ScheduleEntry) => void
}) {
  const { status, cls, entry } = item
  const off = status.kind !== 'meets'
  return (
    <button
      type="button"
      onClick={() => onOpen(entry)}
      className={`block w-full rounded-xl p-2 text-left text-sm ${off ? 'border border-dashed border-gray-400 bg-gray-50 hover:bg-gray-100' : 'bg-brand-50 hover:bg-brand-100'}`}
      data-status={status.kind}
    >
      <span className="block font-semibold">{cls.name}</span>
      <span className={`block text-gray-800 ${status.kind === 'closed' ? 'line-through' : ''}`}>{cls.time}</span>
      {status.kind === 'closed' ? <span className="block font-semibold text-red-800">{noClassText(status.label)}</span> : null}
      {status.kind === 'before-term' ? <span className="block text-gray-800">Starts {formatCalendarDay(status.termStart)}</span> : null}
      {status.kind === 'before-first-class' ? <span className="block text-gray-800">First class {formatCalendarDay(status.firstClass)}</span> : null}
      {status.kind === 'after-term' ? <span className="block text-gray-800">Term ended {formatCalendarDay(status.termEnd)}</span> : null}
      {showStudent ? <span className="block text-brand-800">{firstName(entry.student.fullName)}</span> : null}
    </button>
  )
}

function WaitlistedItem({ item, showStudent }: { item: Extract<WeekItem, { kind: 'waitlisted' }>; showStudent: boolean }) {
  const { waitlist, cls } = item
  const where =
    waitlist.status === 'offered'
      ? 'Place offered — answer on your dashboard'
      : waitlist.position != null
        ? `Waitlisted — ${ordinal(waitlist.position)} in line`
        : 'Waitlisted'
  return (
    <div className="rounded-xl border border-dashed border-amber-600 bg-amber-50 p-2 text-sm" data-status="waitlisted">
      <span className="block font-semibold">{cls.name}</span>
      <span className="block text-gray-800">{cls.time}</span>
      <span className="block font-semibold text-amber-900">{where}</span>
      {showStudent ? <span className="block text-brand-800">{firstName(waitlist.studentName)}</span> : null}
    </div>
  )
}

/**
 * The seven days of one week on their dates (spec §2 /schedule): each class the students attend,
 * 'No class — Thanksgiving' on a closure, and the classes they wait for.
 */
export function WeekGrid({
  week,
  loading,
  showStudent,
  onOpen,
}: {
  week: readonly WeekDay[]
  loading: boolean
  showStudent: boolean
  onOpen: (entry: ScheduleEntry) => void
}) {
  return (
    <div className="grid gap-2 md:grid-cols-7" aria-busy={loading} data-testid="week-grid">
      {week.map(({ day, weekday, items }) => (
        <section
          key={day}
          aria-labelledby={`day-${day}`}
          className="rounded-2xl border border-gray-200 bg-white p-3 md:min-h-40"
          data-testid={`day-${weekday}`}
          data-date={day}
        >
          <h2 id={`day-${day}`} className="text-sm font-semibold uppercase tracking-wide text-brand-800">
            {weekday} <span className="font-normal normal-case text-gray-800">{shortDay(day)}</span>
          </h2>
          {loading ? (
            <div aria-hidden="true" className="mt-2 h-10 animate-pulse rounded-xl bg-gray-200 motion-reduce:animate-none" data-skeleton-row />
          ) : items.length === 0 ? (
            <p className="mt-2 text-sm text-gray-700">{PORTAL_TEXT.scheduleEmptyDay}</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {items.map((item) => (
                <li key={item.key}>
                  {item.kind === 'enrolled' ? (
                    <EnrolledItem item={item} showStudent={showStudent} onOpen={onOpen} />
                  ) : (
                    <WaitlistedItem item={item} showStudent={showStudent} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  )
}
