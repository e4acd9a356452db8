import { useState } from 'react'

import type { RosterCareDto } from '#api/care/schemas'
import { useStudentCare } from '#islands/api/care/get-student-care'
import { BUTTON } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`
const PHOTO = { yes: 'Photos allowed', no: 'No photos' } as const

/**
 * What the teacher must know about a child at the door (issue 24): allergies, whether there are
 * medical notes (read on request: each read is recorded for the studio), the photo choice and
 * who may collect the child.
 */
export function RosterCare({ studentId, fullName, care }: { studentId: number; fullName: string; care: RosterCareDto }) {
  const [showNotes, setShowNotes] = useState(false)
  const notes = useStudentCare(showNotes ? studentId : null)
  return (
    <div className="space-y-2 border-t border-gray-200 pt-2 text-sm">
      <p className="flex flex-wrap gap-2">
        {care.allergies ? (
          <span className="rounded-full bg-red-100 px-2.5 py-1 font-semibold text-red-900">Allergies: {care.allergies}</span>
        ) : (
          <span className="text-gray-700">No allergies given</span>
        )}
        {care.hasMedicalNotes ? <span className="rounded-full bg-amber-100 px-2.5 py-1 font-semibold text-amber-950">Medical notes</span> : null}
        {care.photoRelease ? (
          // The signed photo release (issue 26) outranks the care form's answer.
          <span className="rounded-full bg-sky-100 px-2.5 py-1 font-semibold text-sky-950">Photo release: {care.photoRelease}</span>
        ) : (
          <span
            className={`rounded-full px-2.5 py-1 font-semibold ${care.mayBePhotographed === 'yes' ? 'bg-green-100 text-green-900' : 'bg-gray-100 text-gray-900'}`}
          >
            {care.mayBePhotographed ? PHOTO[care.mayBePhotographed] : 'No photos (not answered)'}
          </span>
        )}
      </p>
      {care.hasMedicalNotes ? (
        showNotes ? (
          <p className="rounded-xl bg-amber-50 p-2 whitespace-pre-line text-amber-950" aria-live="polite">
            {notes.isPending ? 'Loading…' : notes.isError ? errorMessage(notes.error, 'Could not load the notes.') : notes.data.medicalNotes}
          </p>
        ) : (
          <button type="button" className={BUTTON.quiet} onClick={() => setShowNotes(true)}>
            Read medical notes<span className="sr-only"> of {fullName}</span>
          </button>
        )
      ) : null}
      <div>
        <p className="font-semibold">Authorised pickups</p>
        {care.pickups.length === 0 ? (
          <p className="text-gray-700">None given: only the family.</p>
        ) : (
          <ul aria-label={`Authorised pickups of ${fullName}`} className="space-y-1">
            {care.pickups.map((pickup) => (
              <li key={pickup.id} className="flex items-center gap-2">
                {/* A face to check at the door (issue 24), when the family gave one. */}
                {pickup.photoUrl ? <img src={pickup.photoUrl} alt={pickup.name} className="h-14 w-14 shrink-0 rounded-xl object-cover" /> : null}
                <span>
                  {pickup.name} <span className="text-gray-700">({pickup.relationship})</span>{' '}
                  <a className="text-brand-800 underline" href={telHref(pickup.phone)}>
                    {pickup.phone}
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
