import type { ClassDto } from '#api/classes/schemas'
import type { EnrollmentDto } from '#api/enrollment/schemas'

/** The Students tab's filters (issue 23: searched and paged by the server): the account the student belongs to, and a class they attend. */
export type StudentFilters = { userId: number | null; classId: number | null }

/** Spec §5 "Admin enrolling": the dropdown omits classes the student is already in. */
export function classesToAdd(classes: ClassDto[], enrollments: EnrollmentDto[], studentId: number): ClassDto[] {
  const taken = new Set(enrollments.filter((e) => e.studentId === studentId).map((e) => e.classId))
  return classes.filter((item) => !taken.has(item.id)).sort((a, b) => a.name.localeCompare(b.name))
}

export function enrollmentsOf<E extends EnrollmentDto>(enrollments: E[], studentId: number): E[] {
  return enrollments.filter((e) => e.studentId === studentId).sort((a, b) => a.class.name.localeCompare(b.class.name))
}
