import { useMemo, useState } from 'react'
import { useQueries } from '@tanstack/react-query'

import type { UserDto } from '#api/accounts/auth.schemas'
import type { AbsenceDto } from '#api/self-service/schemas'
import { addDays, formatCalendarDay, localToday } from '#shared/dates'
import { studentAbsencesQueryOptions } from '#islands/api/self-service/list-student-absences'
import { mondayOf } from '#shared/week-schedule'
import { useClasses } from '#islands/api/classes/list-classes'
import { useWaitlist } from '#islands/api/waitlist/list-waitlist'
import { useSelfServiceRules } from '#islands/api/self-service/self-service-rules'
import { useCalendarLink } from '#islands/api/calendar/get-calendar-link'
import { errorMessage } from '#islands/lib/http'
import { scrollToTop } from '#islands/lib/scroll'
import { Dialog } from '#islands/components/ui/Dialog'
import { ClassDayDialog } from './components/ClassDayDialog'
import { AbsenceDialog } from './components/self-service/AbsenceDialog'
import { BUTTON } from '#islands/components/ui/styles'
import { ErrorCard } from '#islands/components/ui/Alert'
import { FirstClassNotice } from './components/FirstClassNotice'
import { PortalRoot } from './components/PortalRoot'
import { WeekGrid, type OpenedDay } from './components/WeekGrid'
import { datedWeek } from './family'
import { firstName } from './format'
import { useFamily } from './hooks/use-family'
import { PORTAL_TEXT } from './texts'

/** The coming weeks, one at a time: this week first, up to WEEKS_AHEAD weeks ahead. */
const WEEKS_AHEAD = 12

function WeekNavigation({ monday, offset, onChange }: { monday: string; offset: number; onChange: (offset: number) => void }) {
  const button = `${BUTTON.secondary} disabled:opacity-50`
  return (
    <div className="flex items-center justify-between gap-2">
      <button type="button" className={button} disabled={offset === 0} onClick={() => onChange(offset - 1)}>
        Previous week
      </button>
      <p aria-live="polite" className="text-center text-sm font-semibold">
        Week of {formatCalendarDay(monday)}
        {offset === 0 ? ' (this week)' : ''}
      </p>
      <button type="button" className={button} disabled={offset >= WEEKS_AHEAD} onClick={() => onChange(offset + 1)}>
        Next week
      </button>
    </div>
  )
}

/** Beyond the spec: the week in the family's own calendar app, through the private feed. */
function AddToCalendar() {
  const [open, setOpen] = useState(false)
  const [copied, setCopied] = useState(false)
  const link = useCalendarLink(open)
  const url = link.data?.url
  const webcal = url?.replace(/^https?:/, 'webcal:')

  async function copy() {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setCopied(false)
          setOpen(true)
        }}
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M5 5h14v15H5zM5 10h14M9 3v4M15 3v4M12 13v5M9.5 15.5h5" />
        </svg>
        Add to calendar
      </button>
      <Dialog
        open={open}
        title="Add to your calendar"
        onClose={() => setOpen(false)}
        footer={
          <button type="button" className={BUTTON.secondary} onClick={() => setOpen(false)}>
            Close
          </button>
        }
      >
        <p className="text-sm">Subscribe once and your phone's calendar keeps your family's classes up to date, every week.</p>
        {link.isPending ? (
          <p role="status" className="mt-3 text-sm">
            Getting your calendar link…
          </p>
        ) : link.isError ? (
          <div className="mt-3">
            <ErrorCard
              title="Error"
              message={errorMessage(link.error, 'Failed to load your calendar link. Please try again.')}
              onRetry={() => void link.refetch()}
            />
          </div>
        ) : (
          <div className="mt-3 space-y-3">
            <a href={webcal} className={`${BUTTON.primary} w-full`}>
              Subscribe in Calendar
            </a>
            <label className="block text-sm font-semibold" htmlFor="calendar-url">
              Or copy the link into Google Calendar (“From URL”)
            </label>
            <div className="flex gap-2">
              <input
                id="calendar-url"
                readOnly
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                className="min-w-0 flex-1 rounded-xl border border-gray-400 px-3 py-2 text-sm"
              />
              <button type="button" onClick={() => void copy()} className={BUTTON.secondary}>
                {copied ? 'Copied' : 'Copy'}
              </button>
            </div>
            <p aria-live="polite" className="text-sm text-green-800">
              {copied ? 'Link copied.' : ''}
            </p>
            <p className="text-sm text-gray-800">
              Keep this link private: anyone with it can see your class times. You can reset it from your{' '}
              <a href="/account" className="font-semibold text-brand-700 underline">
                Account
              </a>{' '}
              page.
            </p>
          </div>
        )}
      </Dialog>
    </>
  )
}

/** Every child's absences in one list; a module-level function, so the combined list changes only when a query does. */
const allAbsences = (results: readonly { data?: AbsenceDto[] }[]): AbsenceDto[] => results.flatMap((result) => result.data ?? [])

function Schedule({ user }: { user: UserDto }) {
  const family = useFamily(user)
  const [studentId, setStudentId] = useState<number | null>(null)
  const [opened, setOpened] = useState<OpenedDay | null>(null)
  const [reporting, setReporting] = useState<OpenedDay | null>(null)
  // Another student's week is another view: back to the top, as on a page change (spec §2).
  const showStudent = (id: number | null) => {
    if (id === studentId) return
    setStudentId(id)
    scrollToTop()
  }

  const entries = useMemo(
    () => family.students.flatMap((student) => (family.enrollmentsByStudent.get(student.id) ?? []).map((enrollment) => ({ enrollment, student }))),
    [family.students, family.enrollmentsByStudent],
  )
  // The dated week (the academy's today), its closures and the classes the students wait for.
  const [weekOffset, setWeekOffset] = useState(0)
  const rules = useSelfServiceRules()
  const waitlist = useWaitlist()
  const classes = useClasses()
  const today = rules.data?.today ?? localToday()
  const monday = addDays(mondayOf(today), 7 * weekOffset)
  const classesById = useMemo(() => new Map((classes.data ?? []).map((cls) => [cls.id, cls])), [classes.data])
  // Each child's absences and the makeups booked for them (issue 41: the week shows both).
  const absences = useQueries({ queries: family.students.map((student) => studentAbsencesQueryOptions(student.id)), combine: allAbsences })
  const week = useMemo(
    () => datedWeek({ monday, entries, waitlist: waitlist.data, classesById, academyClosures: rules.data?.academyClosureRanges, absences, studentId }),
    [monday, entries, waitlist.data, classesById, rules.data, absences, studentId],
  )
  const loading = family.enrollmentsPending || rules.isPending
  const filterButton = (active: boolean) =>
    `min-h-11 shrink-0 rounded-full border px-4 py-2 text-sm font-semibold ${active ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-400 bg-white text-ink hover:border-brand-700'}`

  return (
    <main id="main" className="space-y-4 px-4 py-5 md:max-w-none">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl">Weekly Schedule</h1>
          <p className="mt-1 text-sm text-gray-800">{PORTAL_TEXT.scheduleNote}</p>
        </div>
        <AddToCalendar />
      </header>
      <FirstClassNotice family={family} />

      {family.studentsError ? <ErrorCard title={PORTAL_TEXT.failedStudents} onRetry={family.refetchStudents} /> : null}
      {family.enrollmentsError ? <ErrorCard title={PORTAL_TEXT.failedEnrollments} /> : null}

      {family.students.length > 0 ? (
        <div role="group" aria-label="Show classes of" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
          <button type="button" aria-pressed={studentId === null} onClick={() => showStudent(null)} className={filterButton(studentId === null)}>
            All Students
          </button>
          {family.students.map((student) => (
            <button
              key={student.id}
              type="button"
              aria-pressed={studentId === student.id}
              onClick={() => showStudent(student.id)}
              className={filterButton(studentId === student.id)}
            >
              {/* Spec §2: first names only under 768 px. */}
              <span className="md:hidden">{firstName(student.fullName)}</span>
              <span className="hidden md:inline">{student.fullName}</span>
            </button>
          ))}
        </div>
      ) : null}

      <WeekNavigation monday={monday} offset={weekOffset} onChange={setWeekOffset} />
      <WeekGrid week={week} loading={loading} showStudent={studentId === null} onOpen={setOpened} />
      {loading ? (
        <p role="status" className="sr-only">
          Loading your schedule…
        </p>
      ) : null}
      <ClassDayDialog
        opened={opened}
        rules={rules.data}
        onClose={() => setOpened(null)}
        onReportAbsence={(day) => {
          setOpened(null)
          setReporting(day)
        }}
      />
      {reporting && rules.data ? (
        <AbsenceDialog
          enrollment={reporting.entry.enrollment}
          student={reporting.entry.student}
          rules={rules.data}
          initialDate={reporting.day}
          onClose={() => setReporting(null)}
        />
      ) : null}
    </main>
  )
}

/** /schedule (spec §2). */
export default function ScheduleIsland({ user }: { user: UserDto }) {
  return <PortalRoot user={user}>{(current) => <Schedule user={current} />}</PortalRoot>
}
