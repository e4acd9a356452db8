import { useId, useState } from 'react'

import type { BilledToDto, BilledToInput, GuardianDto } from '#api/households/schemas'
import { errorMessage } from '#islands/lib/http'

const SELECT = 'mt-1 block min-h-11 w-full rounded-xl border border-gray-400 bg-white px-3 py-2 text-base'

type Props = {
  data: BilledToDto
  guardians: GuardianDto[]
  /** Null: read only (a view-only guardian). */
  onChoose: ((input: BilledToInput) => Promise<unknown>) | null
  pending: boolean
}

/**
 * Split billing's choices (decisions §34), for the portal's account page and the console's
 * household: per child the guardian billed, and under it each current class, billed as the
 * child or to a guardian of its own. A refused change shows the API's message here.
 */
export function BilledToChoices({ data, guardians, onChoose, pending }: Props) {
  const [error, setError] = useState<string | null>(null)
  const idPrefix = useId()
  const full = guardians.filter((guardian) => guardian.access === 'full')
  const payer = guardians.find((guardian) => guardian.id === data.payerId)
  const payerName = `${payer?.fullName ?? 'The payer'} (pays the household)`
  const nameOf = (id: number | null) => (id === null || id === data.payerId ? payerName : (full.find((g) => g.id === id)?.fullName ?? payerName))
  // Decisions §38: a guardian asked to be billed, until they answer; the choice shown is still the one that bills.
  const waiting = (id: number | null) =>
    id === null ? null : (
      <p className="mt-1 text-sm text-gray-700" data-testid="billed-to-waiting">
        Waiting for {full.find((g) => g.id === id)?.fullName ?? 'the guardian'} to accept.
      </p>
    )

  async function choose(input: BilledToInput) {
    if (!onChoose) return
    setError(null)
    try {
      await onChoose(input)
    } catch (caught) {
      setError(errorMessage(caught, 'The change could not be saved. Please try again.'))
    }
  }

  return (
    <>
      {error ? (
        <p role="alert" className="mt-2 rounded-xl border border-red-300 bg-red-50 p-2 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      <ul aria-label="Billed to" className="mt-2 space-y-2">
        {data.students.map((student) => {
          const childName = nameOf(student.billedTo)
          const classes = student.enrollments.filter((e) => e.current || e.billedTo !== null)
          return (
            <li key={student.studentId} className="rounded-2xl border border-gray-200 p-3">
              {onChoose ? (
                <>
                  <label htmlFor={`${idPrefix}-${student.studentId}`} className="block text-sm font-semibold">
                    {student.fullName}
                  </label>
                  <select
                    id={`${idPrefix}-${student.studentId}`}
                    className={SELECT}
                    value={student.billedTo === null || student.billedTo === data.payerId ? '' : String(student.billedTo)}
                    disabled={pending}
                    onChange={(event) =>
                      void choose({ studentId: student.studentId, guardianId: event.target.value === '' ? null : Number(event.target.value) })
                    }
                  >
                    <option value="">{payerName}</option>
                    {full
                      .filter((guardian) => guardian.id !== data.payerId)
                      .map((guardian) => (
                        <option key={guardian.id} value={guardian.id}>
                          {guardian.fullName}
                        </option>
                      ))}
                  </select>
                </>
              ) : (
                <p className="text-sm">
                  <span className="font-semibold">{student.fullName}</span>: {childName}
                </p>
              )}
              {waiting(student.pendingFor)}
              {classes.length > 0 ? (
                <ul aria-label={`Classes of ${student.fullName}`} className="mt-2 space-y-2 border-l-2 border-gray-200 pl-3">
                  {classes.map((e) =>
                    onChoose ? (
                      <li key={e.enrollmentId}>
                        <label htmlFor={`${idPrefix}-${student.studentId}-${e.enrollmentId}`} className="block text-sm">
                          {e.className}
                        </label>
                        <select
                          id={`${idPrefix}-${student.studentId}-${e.enrollmentId}`}
                          className={SELECT}
                          value={e.billedTo === null ? '' : String(e.billedTo)}
                          disabled={pending}
                          onChange={(event) =>
                            void choose({
                              studentId: student.studentId,
                              enrollmentId: e.enrollmentId,
                              guardianId: event.target.value === '' ? null : Number(event.target.value),
                            })
                          }
                        >
                          <option value="">Same as the child ({childName})</option>
                          {full.map((guardian) => (
                            <option key={guardian.id} value={guardian.id}>
                              {guardian.fullName}
                            </option>
                          ))}
                        </select>
                        {waiting(e.pendingFor)}
                      </li>
                    ) : (
                      <li key={e.enrollmentId} className="text-sm">
                        {e.className}: {e.billedTo === null ? `same as the child (${childName})` : nameOf(e.billedTo)}
                        {waiting(e.pendingFor)}
                      </li>
                    ),
                  )}
                </ul>
              ) : null}
            </li>
          )
        })}
      </ul>
    </>
  )
}
