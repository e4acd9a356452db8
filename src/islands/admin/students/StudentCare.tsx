import { useState } from 'react'

import type { PersonDto } from '#api/care/schemas'
import { useStudentCare } from '#islands/api/care/get-student-care'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Loading } from '#islands/components/ui/LoadState'
import { BUTTON } from '#islands/components/ui/styles'

const PHOTO = { yes: 'Yes', no: 'No' } as const

function People({ label, people }: { label: string; people: PersonDto[] }) {
  return (
    <div>
      <h5 className="text-sm font-semibold">{label}</h5>
      {people.length === 0 ? (
        <p className="text-sm text-gray-700">None given.</p>
      ) : (
        <ul className="text-sm" aria-label={label}>
          {people.map((p, index) => (
            <li key={index}>
              {p.name}
              {p.relationship ? <span className="text-gray-700"> ({p.relationship})</span> : null} ·{' '}
              <a href={`tel:${p.phone.replace(/[^\d+]/g, '')}`}>{p.phone}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * A student's care information and pickups in the Students tab (issue 24). The medical notes are
 * read only when asked for: each read is recorded in the audit below the list.
 */
export function StudentCare({ studentId, fullName }: { studentId: number; fullName: string }) {
  const care = useStudentCare(studentId, false)
  const [withNotes, setWithNotes] = useState(false)
  const notes = useStudentCare(withNotes ? studentId : null, true)
  if (care.isPending) return <Loading label={`Loading ${fullName}'s care information…`} />
  if (care.isError) return <ErrorCard retryLabel="Try again" message="Failed to load the care information" onRetry={() => care.refetch()} />
  const c = care.data
  return (
    <section aria-label={`Care information of ${fullName}`} className="mt-3 space-y-2 rounded-xl border border-gray-200 bg-white px-3 py-2">
      <h4 className="text-sm font-semibold">Care information</h4>
      <People label="Emergency contacts" people={c.emergencyContacts} />
      <p className="text-sm">
        <span className="font-semibold">Allergies:</span> {c.allergies || 'none given'}
      </p>
      <p className="text-sm">
        <span className="font-semibold">Doctor:</span> {c.doctor.name || c.doctor.phone ? `${c.doctor.name} ${c.doctor.phone}`.trim() : 'not given'}
      </p>
      <p className="text-sm">
        <span className="font-semibold">May be photographed:</span> {c.mayBePhotographed ? PHOTO[c.mayBePhotographed] : 'Not answered'}
      </p>
      <People label="Authorised pickups" people={c.pickups} />
      {withNotes ? (
        <p className="rounded-lg bg-amber-50 p-2 text-sm whitespace-pre-line">
          <span className="font-semibold">Medical notes:</span>{' '}
          {notes.isPending ? 'Loading…' : notes.isError ? 'Could not load them.' : notes.data.medicalNotes || 'none given'}
        </p>
      ) : (
        <button type="button" className={BUTTON.quiet} onClick={() => setWithNotes(true)}>
          Show medical notes<span className="sr-only"> of {fullName}</span> (the read is recorded)
        </button>
      )}
    </section>
  )
}
