import { useId, useState } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import type { ClassDto } from '#api/classes/schemas'
import type { StudentDto } from '#api/students/schemas'
import { ageFitsGroup, ageForClass, ageOn } from '#shared/eligibility'
import { placesLeft } from '#shared/places'
import { useClasses } from '#islands/api/classes/list-classes'
import { Dialog } from '#islands/components/ui/Dialog'
import { BUTTON } from '#islands/components/ui/styles'
import { classIdParam } from '#islands/lib/class-param'
import { useSearchParam } from '#islands/lib/use-location'
import { EnrollmentQuote } from '#islands/portal/components/EnrollmentQuote'
import { useFamily } from '#islands/portal/hooks/use-family'

/** Why a child cannot take the class, or null when they can (the enrollment's own age rule). */
function blockedReason(student: StudentDto, cls: ClassDto, enrolled: boolean): string | null {
  if (enrolled) return 'Already enrolled'
  const age = ageForClass(student.dateOfBirth, cls)
  return ageFitsGroup(age, cls.ageGroup) ? null : `Age ${age}: this class is for ages ${cls.ageGroup}`
}

/** Takes `?class=` off the address, so a reload does not ask again. */
function forgetClass() {
  const url = new URL(window.location.href)
  url.searchParams.delete('class')
  window.history.replaceState(null, '', url.pathname + url.search + url.hash)
}

/**
 * /account?class=<id> (issue 23): the class a family chose on the catalogue, or before
 * registering. Asks which child it is for (children outside its age group or already in it
 * are shown, not offered), then opens that child's class selection with the class chosen.
 * Without a child yet, it says to add one first; the question comes once a child is added.
 */
export function ChooseChildDialog({ user }: { user: UserDto }) {
  const classId = classIdParam(useSearchParam('class'))
  const classes = useClasses()
  const family = useFamily(user)
  const id = useId()
  // Closed at this many children: a child added since is a new answer, so the question comes again.
  const [closedAt, setClosedAt] = useState<number | null>(null)
  const [picked, setChosen] = useState<number | null>(null)
  const cls = classId === null ? undefined : classes.data?.find((c) => c.id === classId)
  const count = family.students.length
  const ready = Boolean(cls) && !family.studentsPending && !family.enrollmentsPending

  const options = family.students.map((student) => {
    const enrolled = (family.enrollmentsByStudent.get(student.id) ?? []).some((e) => e.classId === classId)
    return { student, reason: cls ? blockedReason(student, cls, enrolled) : null }
  })
  const eligible = options.filter((option) => option.reason === null)
  // With one child who can take the class, that child is chosen; the family still confirms.
  const chosen = eligible.some((option) => option.student.id === picked) ? picked : eligible.length === 1 ? eligible[0]!.student.id : null

  if (!cls || !ready || closedAt === count) return null
  if (count === 0) {
    return (
      <section aria-labelledby={`${id}-pending`} className="rounded-3xl border-2 border-brand-700 bg-brand-50 p-4" data-testid="class-choice">
        <h2 id={`${id}-pending`} className="font-serif text-xl">
          Enroll in {cls.name}
        </h2>
        <p className="mt-1 text-gray-800">
          Add your child below (the class is for ages {cls.ageGroup}); then choose them for {cls.name}.
        </p>
      </section>
    )
  }

  function close() {
    forgetClass()
    setClosedAt(count)
  }

  return (
    <Dialog
      open
      title={`Add ${cls.name} to My Classes`}
      description={eligible.length ? 'Which child is this class for?' : `None of your children can take ${cls.name} (ages ${cls.ageGroup}).`}
      onClose={close}
      footer={
        <>
          <button type="button" className={BUTTON.secondary} onClick={close}>
            {eligible.length ? 'Cancel' : 'Close'}
          </button>
          {eligible.length ? (
            <button
              type="button"
              className={BUTTON.primary}
              disabled={chosen === null}
              onClick={() => chosen !== null && window.location.assign(`/select-classes/${chosen}?class=${cls.id}`)}
            >
              Continue
            </button>
          ) : null}
        </>
      }
    >
      <fieldset>
        <legend className="sr-only">Child</legend>
        <ul className="space-y-2">
          {options.map(({ student, reason }) => (
            <li key={student.id}>
              <label
                className={`flex items-start gap-3 rounded-xl border-2 p-3 ${chosen === student.id ? 'border-brand-700 bg-brand-50' : 'border-gray-200'} ${reason ? 'cursor-not-allowed opacity-80' : 'cursor-pointer'}`}
              >
                <input
                  type="radio"
                  name={`${id}-child`}
                  value={student.id}
                  checked={chosen === student.id}
                  disabled={reason !== null}
                  onChange={() => setChosen(student.id)}
                  aria-describedby={reason ? `${id}-${student.id}` : undefined}
                  className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0">
                  <span className="block font-semibold break-words">{student.fullName}</span>
                  {reason ? (
                    <span id={`${id}-${student.id}`} className="block text-sm text-gray-800">
                      {reason}
                    </span>
                  ) : (
                    <span className="block text-sm text-gray-800">Age {ageOn(student.dateOfBirth)}</span>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {placesLeft(cls) === 0 ? (
        <p className="mt-3 text-sm text-gray-800">This class is full: you can join its waitlist on the next page.</p>
      ) : (
        <EnrollmentQuote studentId={chosen} classes={[cls]} />
      )}
    </Dialog>
  )
}
