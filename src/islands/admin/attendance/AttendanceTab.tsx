import { useId, useState, type FormEvent } from 'react'

import type { AttendanceStatus } from '#api/attendance/schemas'
import { attendanceCsvUrl, useAdminAttendance, type AttendanceFilter } from '#islands/api/attendance/admin-list-attendance'
import { useClasses } from '#islands/api/classes/list-classes'
import { SeasonClassOptions } from '#islands/components/SeasonClassOptions'
import { ErrorCard } from '#islands/components/ui/Alert'
import { SelectField, TextField } from '#islands/components/ui/Field'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { StudentPicker } from '#islands/admin/students/StudentPicker'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { BUTTON, SCROLL_LIST, TABLE, TD, TH } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'
import { addDays, formatCalendarDay } from '#shared/dates'
import { useAcademyToday } from '#islands/admin/viewer'
import { attendanceGrid, markCounts } from './attendance-grid'

const SHORT: Record<AttendanceStatus, string> = { present: 'P', late: 'L', absent: 'A' }
const LONG: Record<AttendanceStatus, string> = { present: 'Present', late: 'Late', absent: 'Absent' }
const TONE: Record<AttendanceStatus, string> = { present: 'text-green-800', late: 'text-amber-900', absent: 'text-red-800' }

function CsvLink({ filter }: { filter: AttendanceFilter }) {
  return (
    <a href={attendanceCsvUrl(filter)} download className={BUTTON.secondary}>
      Download CSV
    </a>
  )
}

function ByClass() {
  const id = useId()
  const classes = useClasses()
  const today = useAcademyToday()
  const [form, setForm] = useState({ classId: '', from: addDays(today, -27), to: today })
  const [filter, setFilter] = useState<AttendanceFilter | null>(null)
  const marks = useAdminAttendance(filter)
  const [error, setError] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!form.classId) return setError('Please choose a class')
    if (form.from && form.to && form.from > form.to) return setError('The "from" date must not be after the "to" date')
    setError(null)
    setFilter({ classId: Number(form.classId), from: form.from || undefined, to: form.to || undefined })
  }

  const grid = marks.data ? attendanceGrid(marks.data) : null
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h3 id={`${id}-title`} className="font-serif text-xl">
        By class
      </h3>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-4 sm:items-end" noValidate>
        <SelectField
          id={`${id}-class`}
          label="Class"
          value={form.classId}
          onChange={(e) => setForm({ ...form, classId: e.target.value })}
          error={error ?? undefined}
        >
          <option value="">Choose a class</option>
          <SeasonClassOptions classes={[...(classes.data ?? [])].sort((a, b) => a.name.localeCompare(b.name))} label={(cls) => `${cls.name} (${cls.days})`} />
        </SelectField>
        <TextField id={`${id}-from`} label="From" type="date" value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value })} />
        <TextField id={`${id}-to`} label="To" type="date" value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} />
        <button type="submit" className={BUTTON.primary}>
          Show Attendance
        </button>
      </form>
      {filter === null ? null : marks.isPending ? (
        <Loading label="Loading attendance…" />
      ) : marks.isError ? (
        <ErrorCard message={errorMessage(marks.error, 'Could not load the attendance.')} onRetry={() => void marks.refetch()} />
      ) : grid && grid.rows.length === 0 ? (
        <Empty>No marks for this class in these dates.</Empty>
      ) : grid ? (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-gray-800">
              {grid.rows.length} student{grid.rows.length === 1 ? '' : 's'}, {grid.dates.length} day{grid.dates.length === 1 ? '' : 's'}. P present, L late, A
              absent; * reported by the family.
            </p>
            <CsvLink filter={filter} />
          </div>
          {/* Focusable so a keyboard can scroll the days sideways on a phone. */}
          <div className={`${SCROLL_LIST} overflow-x-auto`} role="region" aria-label="Attendance table" tabIndex={0}>
            <table className={TABLE} aria-label="Attendance by student and day">
              <thead>
                <tr>
                  <th scope="col" className={`${TH} left-0 z-20`}>
                    Student
                  </th>
                  {grid.dates.map((date) => (
                    <th key={date} scope="col" className={`${TH} text-center whitespace-nowrap`}>
                      {formatCalendarDay(date).replace(/, \d{4}$/, '')}
                    </th>
                  ))}
                  <th scope="col" className={`${TH} whitespace-nowrap`}>
                    Totals
                  </th>
                </tr>
              </thead>
              <tbody>
                {grid.rows.map((row) => {
                  const counts = markCounts(row)
                  return (
                    <tr key={row.studentId}>
                      <th scope="row" className={`${TD} font-semibold whitespace-nowrap`}>
                        {row.studentName}
                      </th>
                      {grid.dates.map((date) => {
                        const mark = row.marks[date]
                        return (
                          <td key={date} className={`${TD} text-center font-semibold ${mark ? TONE[mark.status] : ''}`}>
                            {mark ? (
                              <>
                                <span aria-hidden="true">
                                  {SHORT[mark.status]}
                                  {mark.reportedBy === 'family' ? '*' : ''}
                                </span>
                                <span className="sr-only">
                                  {LONG[mark.status]}
                                  {mark.reportedBy === 'family' ? ', reported by the family' : ''}
                                </span>
                              </>
                            ) : (
                              <span className="sr-only">No mark</span>
                            )}
                          </td>
                        )
                      })}
                      <td className={`${TD} whitespace-nowrap`}>
                        {counts.present} P · {counts.late} L · {counts.absent} A
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </section>
  )
}

function ByStudent() {
  const id = useId()
  // Issue 23: the student is found by a search, not picked from every student of the academy.
  const [studentId, setStudentId] = useState<number | null>(null)
  const filter = studentId !== null ? { studentId } : null
  const marks = useAdminAttendance(filter)
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h3 id={`${id}-title`} className="font-serif text-xl">
        By student
      </h3>
      <div className="sm:max-w-sm">
        <StudentPicker id={`${id}-student`} label="Student" onSelect={setStudentId} />
      </div>
      {filter === null ? null : marks.isPending ? (
        <Loading label="Loading attendance…" />
      ) : marks.isError ? (
        <ErrorCard message={errorMessage(marks.error, 'Could not load the attendance.')} onRetry={() => void marks.refetch()} />
      ) : marks.data.length === 0 ? (
        <Empty>No marks for this student yet.</Empty>
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-gray-800">
              {marks.data.length} mark{marks.data.length === 1 ? '' : 's'}, newest first.
            </p>
            <CsvLink filter={filter} />
          </div>
          <ul className={`${SCROLL_LIST} divide-y divide-gray-200`} aria-label="Marks of the student">
            {marks.data.map((mark) => (
              <li key={mark.id} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2.5">
                <span>
                  <span className="block font-semibold">{mark.className}</span>
                  <span className="block text-sm text-gray-800">
                    {formatCalendarDay(mark.date)}
                    {mark.reportedBy === 'family' ? ' · reported by the family' : mark.markedBy ? ` · by ${mark.markedBy}` : ''}
                  </span>
                </span>
                <span className={`font-semibold ${TONE[mark.status]}`}>{LONG[mark.status]}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}

/** The Attendance tab (decisions §16): marks per class and dates, or per student, and their CSV. */
export function AttendanceTab() {
  return (
    <div className="space-y-8">
      <SectionHeader id="attendance-title" title="Attendance">
        Marks given at /teach and absences reported by families. Downloads are spreadsheet-safe CSV.
      </SectionHeader>
      <ByClass />
      <ByStudent />
    </div>
  )
}
