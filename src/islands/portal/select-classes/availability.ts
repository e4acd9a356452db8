import type { ClassDto } from '#api/classes/schemas'
import { notInAgeGroupMessage } from '#api/enrollment/schemas'
import { levelClassReason, type PlacementDto } from '#api/levels/schemas'
import type { StudentDto } from '#api/students/schemas'
import { ageFitsGroup, ageForClass, levelFits } from '#shared/eligibility'
import { isFull } from '#islands/portal/format'

/**
 * Why a levelled class is not open to the student (issue 27), or null: the server's level rule
 * (#shared/eligibility `levelFits`) over the placement it answered. Unknown until it has arrived.
 */
export function levelReason(cls: ClassDto, placement: PlacementDto | undefined): string | null {
  const level = placement?.classLevels.find((entry) => entry.classId === cls.id)?.level
  if (!placement || !level) return null
  const placed = [placement.currentLevel, ...placement.recommendedLevels].flatMap((l) => (l ? [l.id] : []))
  return levelFits(level.id, placed) ? null : levelClassReason(level.name)
}

/**
 * Why a class cannot be chosen for this student, or null when it can (the server's own rules,
 * shown before it refuses). `checked`: a family's choice; an administrator may enroll outside
 * the age group and the level (decisions §4).
 */
export function unavailableReason(cls: ClassDto, student: StudentDto, checked: boolean, placement?: PlacementDto): string | null {
  if (isFull(cls)) return 'This class is full.'
  if (checked && !ageFitsGroup(ageForClass(student.dateOfBirth, cls), cls.ageGroup)) return notInAgeGroupMessage(student.fullName, cls.name, cls.ageGroup)
  return checked ? levelReason(cls, placement) : null
}
