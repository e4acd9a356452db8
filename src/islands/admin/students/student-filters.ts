import type { ClassDto } from '#api/classes/schemas'
import type { AdminEnrollmentDto } from '#api/enrollment/schemas'
import type { StudentDto } from '#api/students/schemas'

export type StudentFilters = { userId: number | null; classId: number | null }

/** The Students tab's filters: by the account the student belongs to, and by a class they attend. */
export function filterStudents(students: StudentDto[], enrollments: AdminEnrollmentDto[], filters: StudentFilters): StudentDto[] {
  const inClass = filters.classId === null ? null : new Set(enrollments.filter((e) => e.classId === filters.classId).map((e) => e.studentId))
  return students.filter((student) => (filters.userId === null || student.userId === filters.userId) && (inClass === null || inClass.has(student.id)))
}

/** Spec §5 "Admin enrolling": the dropdown omits classes the student is already in. */
export function classesToAdd(classes: ClassDto[], enrollments: AdminEnrollmentDto[], studentId: number): ClassDto[] {
  const taken = new Set(enrollments.filter((e) => e.studentId === studentId).map((e) => e.classId))
  return classes.filter((item) => !taken.has(item.id)).sort((a, b) => a.name.localeCompare(b.name))
}

export function enrollmentsOf(enrollments: AdminEnrollmentDto[], studentId: number): AdminEnrollmentDto[] {
  return enrollments.filter((e) => e.studentId === studentId).sort((a, b) => a.class.name.localeCompare(b.class.name))
}
