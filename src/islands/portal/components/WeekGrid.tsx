import type { AbsenceDto } from '#api/self-service/schemas'
import { formatCalendarDay, formatDayWithWeekday } from '#shared/dates'
import { ordinal } from '#shared/ordinal'
import { noClassText } from '#shared/week-schedule'
import type { ScheduleEntry, WeekDay, WeekItem } from '#islands/portal/family'
import { firstName } from '#islands/portal/format'
import { PORTAL_TEXT } from '#islands/portal/texts'

/** 'Nov 26' of a calendar day (the year is in the week's heading). */
const shortDay = (day: string) => formatCalendarDay(day).replace(/, \d{4}$/, '')

/** What the class dialog opens on: the enrollment, and the day and absence of the item tapped. */
export type OpenedDay = { entry: ScheduleEntry; day: string; meets: boolean; absence: AbsenceDto | null }

function EnrolledItem({
  item,
  day,
  showStudent,
  onOpen,
}: {
  item: Extract<WeekItem, { kind: 'enrolled' }>
  day: string
  showStudent: boolean
  onOpen: (opened: OpenedDay) => void
}) {
  const { status, cls, entry, absence } = item
  const off = status.kind !== 'meets' || absence !== null
  return (
    <button
      type="button"
      onClick={() => onOpen({ entry, day, meets: status.kind === 'meets', absence })}
      className={`block w-full rounded-xl p-2 text-left text-sm ${off ? 'border border-dashed border-gray-400 bg-gray-50 hover:bg-gray-100' : 'bg-brand-50 hover:bg-brand-100'}`}
      data-status={absence ? 'absent' : status.kind}
    >
      <span className="block font-semibold">{cls.name}</span>
      <span className={`block text-gray-800 ${status.kind === 'closed' || absence ? 'line-through' : ''}`}>{cls.time}</span>
      {absence ? <span className="block font-semibold text-amber-900">{absenceText(absence)}</span> : null}
      {status.kind === 'closed' ? <span className="block font-semibold text-red-800">{noClassText(status.label)}</span> : null}
      {status.kind === 'before-term' ? <span className="block text-gray-800">Starts {formatCalendarDay(status.termStart)}</span> : null}
      {status.kind === 'before-first-class' ? <span className="block text-gray-800">First class {formatCalendarDay(status.firstClass)}</span> : null}
      {status.kind === 'after-term' ? <span className="block text-gray-800">Term ended {formatCalendarDay(status.termEnd)}</span> : null}
      {showStudent ? <span className="block text-brand-800">{firstName(entry.student.fullName)}</span> : null}
    </button>
  )
}

/** 'Absent — makeup Thu, Dec 10' or 'Absent': what the family said or the teacher marked. */
function absenceText(absence: AbsenceDto): string {
  return absence.makeup ? `Absent — makeup ${formatDayWithWeekday(absence.makeup.date, absence.date)}` : 'Absent'
}

/** A makeup booked for an absence, on its own day, in the class that has the child that day. */
function MakeupItem({ item, showStudent }: { item: Extract<WeekItem, { kind: 'makeup' }>; showStudent: boolean }) {
  const { makeup, absence, student } = item
  return (
    <div className="rounded-xl border border-brand-600 bg-white p-2 text-sm" data-status="makeup">
      <span className="block font-semibold">{makeup.className}</span>
      <span className="block text-gray-800">{makeup.time}</span>
      <span className="block font-semibold text-brand-800">
        Makeup for {absence.className}, {shortDay(absence.date)}
      </span>
      {showStudent ? <span className="block text-brand-800">{firstName(student.fullName)}</span> : null}
    </div>
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
 * 'No class — Thanksgiving' on a closure, an absence on its class and its makeup on its own day,
 * and the classes they wait for.
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
  onOpen: (opened: OpenedDay) => void
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
                    <EnrolledItem item={item} day={day} showStudent={showStudent} onOpen={onOpen} />
                  ) : item.kind === 'makeup' ? (
                    <MakeupItem item={item} showStudent={showStudent} />
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
