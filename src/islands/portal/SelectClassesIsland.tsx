import type { UserDto } from '#api/accounts/auth.schemas'
import type { StudentDto } from '#api/students/schemas'
import { studentQueryOptions } from '#islands/api/students/get-student'
import { PortalRoot } from '#islands/portal/components/PortalRoot'
import { SelectClasses } from '#islands/portal/select-classes/SelectClasses'

/**
 * /select-classes/{studentId} (spec §2): the page has already checked the student is the family's,
 * and read whether the studio asks for an emergency contact before a first class.
 */
export default function SelectClassesIsland({
  user,
  student,
  classId = null,
  contactRequired = false,
}: {
  user: UserDto
  student: StudentDto
  classId?: number | null
  contactRequired?: boolean
}) {
  return (
    <PortalRoot user={user} seeds={[[studentQueryOptions(student.id).queryKey, student]]}>
      {(viewer) => <SelectClasses studentId={student.id} user={viewer} classId={classId} contactRequired={contactRequired} />}
    </PortalRoot>
  )
}
