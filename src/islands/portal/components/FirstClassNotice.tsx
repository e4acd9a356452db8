import type { EnrollmentDto } from '#api/enrollment/schemas'
import { firstClassDay, formatFirstClass } from '#shared/first-class'
import { classIdParam } from '#islands/lib/class-param'
import { useSearchParam } from '#islands/lib/use-location'
import type { Family } from '#islands/portal/hooks/use-family'

/** /schedule after enrolling from the catalogue: which student, and the classes just added. */
export function addedSchedulePath(studentId: number, added: readonly Pick<EnrollmentDto, 'classId'>[]): string {
  return `/schedule?student=${studentId}&added=${added.map((e) => e.classId).join(',')}`
}

/**
 * The classes just added (issue 23), each with its first class: the first day on or after the
 * enrollment that the class meets, from its structured schedule, term and closures. Read from
 * the family's own enrollments, so a hand-made address shows nothing it does not have.
 */
export function FirstClassNotice({ family }: { family: Family }) {
  const studentId = classIdParam(useSearchParam('student'))
  const addedParam = useSearchParam('added') ?? ''
  const added = new Set(addedParam.split(',').map(classIdParam))
  const student = family.students.find((s) => s.id === studentId)
  const enrollments = student ? (family.enrollmentsByStudent.get(student.id) ?? []).filter((e) => added.has(e.classId)) : []
  if (!student || enrollments.length === 0) return null

  return (
    <section aria-labelledby="first-class-title" className="rounded-2xl border-2 border-brand-700 bg-brand-50 p-4" data-testid="first-class-notice">
      <h2 id="first-class-title" className="font-serif text-xl">
        Added to {student.fullName}&apos;s schedule
      </h2>
      <ul className="mt-2 space-y-1">
        {enrollments.map((enrollment) => {
          const day = firstClassDay(enrollment.class, enrollment.enrollmentDate)
          return (
            <li key={enrollment.id} className="break-words">
              <span className="font-semibold">{enrollment.class.name}</span>:{' '}
              {day ? `first class ${formatFirstClass(day, enrollment.class)}` : 'no class date is set yet; the academy will tell you when it starts.'}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
