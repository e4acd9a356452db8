import type { SelfServiceRulesDto } from '#api/self-service/schemas'
import { formatCalendarDay, formatDayWithWeekday } from '#shared/dates'
import { formatClosure } from '#shared/closures'
import { lastReportableDay } from '#shared/self-service'
import { Dialog } from '#islands/components/ui/Dialog'
import { BUTTON } from '#islands/components/ui/styles'
import type { OpenedDay } from './WeekGrid'

/** 'Jan 11, 2027 – May 28, 2027', 'from Jan 11, 2027', 'until May 28, 2027'. */
function termText(start: string | null, end: string | null): string {
  if (start && end) return `${formatCalendarDay(start)} – ${formatCalendarDay(end)}`
  return start ? `from ${formatCalendarDay(start)}` : `until ${formatCalendarDay(end ?? '')}`
}

/** Whether the family may still report an absence for this day of the class (what POST /api/absences accepts). */
export function canReportAbsence(opened: OpenedDay, rules: SelfServiceRulesDto | undefined): boolean {
  if (!rules || !opened.meets || opened.absence) return false
  return opened.day >= rules.today && opened.day <= lastReportableDay(rules.today)
}

/** What the family has arranged for the day: the absence, and the makeup booked for it. */
function absenceLine(opened: OpenedDay): string | null {
  const { absence } = opened
  if (!absence) return null
  const who = absence.reportedBy === 'teacher' ? 'Marked absent by the teacher.' : 'You reported an absence for this day.'
  return absence.makeup ? `${who} Makeup: ${absence.makeup.className}, ${formatDayWithWeekday(absence.makeup.date, absence.date)}.` : who
}

/**
 * The class dialog (spec §2): name, description, time, days, age group in years, location,
 * student; beyond the spec, the day tapped, what is arranged for it, and "Report Absence" for a
 * coming class day (issue 41), which hands over to the absence dialog.
 */
export function ClassDayDialog({
  opened,
  rules,
  onClose,
  onReportAbsence,
}: {
  opened: OpenedDay | null
  rules: SelfServiceRulesDto | undefined
  onClose: () => void
  onReportAbsence: (opened: OpenedDay) => void
}) {
  const entry = opened?.entry
  const cls = entry?.enrollment.class
  const arranged = opened ? absenceLine(opened) : null
  return (
    <Dialog
      open={opened !== null}
      title={cls?.name ?? ''}
      onClose={onClose}
      footer={
        <>
          {opened && canReportAbsence(opened, rules) ? (
            <button type="button" className={BUTTON.secondary} onClick={() => onReportAbsence(opened)}>
              Report Absence
            </button>
          ) : null}
          <button type="button" className={BUTTON.primary} onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {cls && entry && opened ? (
        <div>
          <p>{cls.description}</p>
          {arranged ? (
            <p className="mt-3 rounded-xl bg-amber-50 p-2 text-sm font-semibold text-amber-900" data-testid="class-day-absence">
              {formatDayWithWeekday(opened.day)}: {arranged}
            </p>
          ) : null}
          <dl className="mt-3 space-y-2 text-sm">
            {[
              ['Time', cls.time],
              ['Days', cls.days],
              ['Age Group', `${cls.ageGroup} years`],
              ['Location', cls.location],
              // The structured schedule (decisions §14), when the class has it.
              ...(cls.room ? [['Room', cls.room]] : []),
              ...(cls.termStart || cls.termEnd ? [['Term', termText(cls.termStart, cls.termEnd)]] : []),
              ...(cls.closures.length ? [['No class on', cls.closures.map(formatClosure).join('; ')]] : []),
              ['Student', entry.student.fullName],
            ].map(([term, value]) => (
              <div key={term} className="flex gap-2">
                <dt className="w-24 shrink-0 font-semibold">{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </Dialog>
  )
}
