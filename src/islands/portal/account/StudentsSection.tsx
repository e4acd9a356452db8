import { useState } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import { ageOn } from '#shared/eligibility'
import type { StudentDto } from '#api/students/schemas'
import { ErrorCard } from '#islands/components/ui/Alert'
import { RemoveStudentDialog } from '#islands/portal/components/RemoveStudentDialog'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { Avatar, LevelBadge } from '#islands/portal/components/StudentAvatar'
import { useSearchParam } from '#islands/lib/use-location'
import { useFamily } from '#islands/portal/hooks/use-family'
import { PORTAL_TEXT } from '#islands/portal/texts'
import { AddStudentForm } from './AddStudentForm'
import { CareDialog } from './CareDialog'
import { EmergencyContactDialog } from './EmergencyContactDialog'

const FORM_ID = 'add-student-form'

/** My Students on /account (spec §2): the inline form, clickable cards, emergency contact, care and pickups (issue 24), delete, skeletons, empty text. */
export function StudentsSection({ user, contactRequired = false }: { user: UserDto; contactRequired?: boolean }) {
  const family = useFamily(user)
  // A view-and-attendance guardian cannot add children (decisions §23): the server refuses, the page does not offer it.
  const viewOnly = user.guardianAccess === 'view'
  // The dashboard's Add Student leads here with ?add=student: the form starts open.
  const openedByLink = useSearchParam('add') === 'student' && !viewOnly
  const [toggled, setAdding] = useState<boolean | null>(null)
  const adding = toggled ?? openedByLink
  const [removing, setRemoving] = useState<StudentDto | null>(null)
  const [editingContact, setEditingContact] = useState<StudentDto | null>(null)
  // The enrollment page's "add an emergency contact" leads here with ?care=<student id>: its care dialog starts open.
  const careParam = Number(useSearchParam('care') ?? '')
  const [careToggled, setCareOf] = useState<StudentDto | null | undefined>(undefined)
  const careOf = careToggled === undefined ? (family.students.find((s) => s.id === careParam) ?? null) : careToggled

  return (
    <section aria-labelledby="students-title" className="rounded-3xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="students-title" className="font-serif text-xl">
          My Students
        </h2>
        {viewOnly ? null : (
          <button
            type="button"
            aria-expanded={adding}
            aria-controls={adding ? FORM_ID : undefined}
            onClick={() => setAdding(!adding)}
            className="inline-flex min-h-11 items-center rounded-full border border-brand-700 px-3.5 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            <span aria-hidden="true">+</span>&nbsp;Add Student
          </button>
        )}
      </div>
      {adding ? <AddStudentForm id={FORM_ID} contactRequired={contactRequired} onDone={() => setAdding(false)} /> : null}
      <div className="mt-3">
        {family.studentsPending ? (
          <SkeletonRows count={2} label="Loading students…" className="h-16" />
        ) : family.studentsError ? (
          <ErrorCard title={PORTAL_TEXT.failedStudents} onRetry={family.refetchStudents} />
        ) : family.students.length === 0 ? (
          <p className="text-gray-800">{PORTAL_TEXT.studentsEmpty}</p>
        ) : (
          <ul className="space-y-2" aria-label="Students">
            {family.students.map((student) => (
              <li
                key={student.id}
                className="flex flex-wrap items-center gap-2 rounded-2xl border border-gray-200 p-2 hover:border-brand-700"
                data-testid="account-student"
              >
                <a href={`/select-classes/${student.id}`} className="flex min-w-0 flex-1 basis-48 items-center gap-3 rounded-xl p-1">
                  <Avatar name={student.fullName} />
                  <span className="min-w-0">
                    <span className="block font-semibold break-words">{student.fullName}</span>
                    <span className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
                      <span>Age {ageOn(student.dateOfBirth)}</span>
                      <LevelBadge level={student.experienceLevel} />
                    </span>
                  </span>
                </a>
                <button
                  type="button"
                  onClick={() => setEditingContact(student)}
                  aria-label={`${student.emergencyContact ? 'Contact' : 'Add contact'} for ${student.fullName}`}
                  className="inline-flex min-h-11 shrink-0 items-center rounded-full px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                >
                  {student.emergencyContact ? 'Contact' : 'Add contact'}
                </button>
                <button
                  type="button"
                  onClick={() => setCareOf(student)}
                  aria-label={`Care and pickups for ${student.fullName}`}
                  className="inline-flex min-h-11 shrink-0 items-center rounded-full px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                >
                  Care
                </button>
                <a
                  href={`/report-cards/${student.id}`}
                  aria-label={`Report Cards of ${student.fullName}`}
                  className="inline-flex min-h-11 shrink-0 items-center rounded-full px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                >
                  Report Cards
                </a>
                <a
                  href={`/policies?studentId=${student.id}&next=/account`}
                  aria-label={`Documents of ${student.fullName}`}
                  className="inline-flex min-h-11 shrink-0 items-center rounded-full px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                >
                  Documents
                </a>
                <button
                  type="button"
                  onClick={() => setRemoving(student)}
                  aria-label={`Remove ${student.fullName}`}
                  className="grid h-11 w-11 shrink-0 place-items-center rounded-full text-red-800 hover:bg-red-50"
                >
                  <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <RemoveStudentDialog student={removing} onClose={() => setRemoving(null)} />
      <EmergencyContactDialog student={editingContact} onClose={() => setEditingContact(null)} />
      <CareDialog student={careOf} onClose={() => setCareOf(null)} />
    </section>
  )
}
