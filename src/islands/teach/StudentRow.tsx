import { useEffect, useEffectEvent, useId, useRef, useState } from 'react'

import type { AttendanceStatus, RosterEntryDto } from '#api/attendance/schemas'
import { useMarkAttendance } from '#islands/api/attendance/teach-mark-attendance'
import { isRetryable } from '#islands/lib/offline-queue'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'
import { RosterCare } from './RosterCare'
import { clearUnsaved, markKey, readUnsaved, writeUnsaved } from './unsaved-marks'

export const LABELS: Record<AttendanceStatus, string> = { present: 'Present', late: 'Late', absent: 'Absent' }
const PRESSED: Record<AttendanceStatus, string> = {
  present: 'border-green-800 bg-green-700 text-white',
  late: 'border-amber-800 bg-amber-600 text-black',
  absent: 'border-red-800 bg-red-700 text-white',
}
const ORDER: AttendanceStatus[] = ['present', 'late', 'absent']

/**
 * One student's line of the roster: three big buttons. A tap shows at once; until the server
 * confirms it, the mark reads "Not saved yet", is kept on the phone (unsaved-marks) and is
 * retried — automatically, when the connection returns, and with the Retry button. Each press
 * of the roster's "All present" (a new `allPresent` count) marks the student present when they
 * have no mark yet; a mark already given, or an absence the family reported, stays.
 */
export function StudentRow({ entry, classId, date, allPresent }: { entry: RosterEntryDto; classId: number; date: string; allPresent: number }) {
  const key = markKey(classId, entry.studentId, date)
  // One queue per student and day: a quick second tap is sent after the first, never before it.
  const mark = useMarkAttendance(key)
  const [unsaved, setUnsaved] = useState<AttendanceStatus | null>(() => readUnsaved(key))
  // A mark the server refused (4xx: the student left the class, the class is not theirs any
  // more…) is dropped from the phone, and the teacher reads why: never dropped without a word.
  const [refused, setRefused] = useState<string | null>(null)
  const shown = unsaved ?? entry.status
  const groupId = useId()

  function transmit(status: AttendanceStatus) {
    writeUnsaved(key, status)
    mark.mutate(
      { classId, studentId: entry.studentId, date, status },
      {
        onSuccess: (saved) => {
          clearUnsaved(key, saved.status)
          setUnsaved((current) => (current === saved.status ? null : current))
        },
        onError: (error) => {
          if (isRetryable(error)) return
          clearUnsaved(key, status)
          setUnsaved((current) => (current === status ? null : current))
          setRefused(`The ${LABELS[status].toLowerCase()} mark was not saved: ${errorMessage(error, 'the server refused it.')}`)
        },
      },
    )
  }
  function send(status: AttendanceStatus) {
    setRefused(null)
    setUnsaved(status)
    transmit(status)
  }
  const resend = useEffectEvent(() => {
    const status = readUnsaved(key)
    if (status) transmit(status)
  })

  const allPresentSeen = useRef(allPresent)
  const markPresentIfUnmarked = useEffectEvent(() => {
    if (shown === null) send('present')
  })
  useEffect(() => {
    if (allPresent === allPresentSeen.current) return
    allPresentSeen.current = allPresent
    markPresentIfUnmarked()
  }, [allPresent])

  // A mark left unsaved by an earlier visit goes again at once, a failed one when the phone is back online.
  useEffect(() => {
    resend()
    window.addEventListener('online', resend)
    return () => window.removeEventListener('online', resend)
  }, [key])

  const failed = unsaved !== null && !mark.isPending
  const contact = entry.emergencyContact
  return (
    <li className={`${CARD} space-y-3`} data-testid="roster-row">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={groupId} className="text-lg font-semibold">
            {entry.fullName}
          </p>
          <p className="text-sm text-gray-700">Age {entry.age}</p>
          {entry.makeupFrom ? <p className="text-sm font-semibold text-brand-800">Makeup for {entry.makeupFrom}, this day only</p> : null}
          {entry.reportedByFamily && !unsaved ? <p className="text-sm font-semibold text-red-800">Reported absent by the family</p> : null}
        </div>
        <p className="text-right text-sm text-gray-800">
          {contact ? (
            <>
              <span className="block font-semibold">Emergency: {contact.name}</span>
              <a className="text-brand-800 underline" href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
                {contact.phone}
              </a>
            </>
          ) : (
            <span className="text-gray-700">No emergency contact</span>
          )}
        </p>
      </div>
      {entry.care ? <RosterCare studentId={entry.studentId} fullName={entry.fullName} care={entry.care} /> : null}
      <div role="group" aria-labelledby={groupId} className="grid grid-cols-3 gap-2">
        {ORDER.map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={shown === status}
            onClick={() => send(status)}
            className={`min-h-12 rounded-xl border-2 px-2 text-base font-semibold ${shown === status ? PRESSED[status] : 'border-gray-300 bg-white text-ink hover:bg-gray-50'}`}
          >
            {LABELS[status]}
          </button>
        ))}
      </div>
      <div aria-live="polite" className="text-sm">
        {refused ? (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-3 py-2 font-semibold text-red-900">
            {refused}
          </p>
        ) : null}
        {unsaved && mark.isPending && !mark.isPaused ? <p className="text-gray-700">Saving…</p> : null}
        {unsaved && mark.isPaused ? (
          <p className="font-semibold text-amber-900">Not saved yet: waiting for a connection. It will be sent when the phone is back online.</p>
        ) : null}
        {failed ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-red-300 bg-red-50 px-3 py-2 text-red-900">
            <p>
              <span className="font-semibold">Not saved yet.</span> {mark.error ? errorMessage(mark.error, 'Could not reach the server.') : ''}
            </p>
            <button type="button" className={BUTTON.secondary} onClick={() => send(unsaved)}>
              Retry<span className="sr-only"> saving {entry.fullName}</span>
            </button>
          </div>
        ) : null}
      </div>
    </li>
  )
}
