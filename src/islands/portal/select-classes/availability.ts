import type { ClassDto } from '#api/classes/schemas'
import { notInAgeGroupMessage } from '#api/enrollment/schemas'
import type { StudentDto } from '#api/students/schemas'
import { ageFitsGroup } from '#shared/eligibility'
import { isFull } from '#islands/portal/format'

/** Why a class cannot be chosen for this student, or null when it can (the server's own rules, shown before it refuses). */
export function unavailableReason(cls: ClassDto, student: StudentDto, age: number, ageChecked: boolean): string | null {
  if (isFull(cls)) return 'This class is full.'
  if (ageChecked && !ageFitsGroup(age, cls.ageGroup)) return notInAgeGroupMessage(student.fullName, cls.name, cls.ageGroup)
  return null
}
