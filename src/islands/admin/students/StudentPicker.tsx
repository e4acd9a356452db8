import type { AdminStudentRowDto } from '#api/students/student-list.schemas'
import { useStudentMatches } from '#islands/api/students/admin-list-students'
import { Combobox, type ComboboxOption } from '#islands/components/ui/Combobox'
import { formatCalendarDay } from '#shared/dates'
import { searchPickerProps, useSearchPicker } from '#islands/admin/search-picker'

const MATCHES = 8

const toOption = (student: AdminStudentRowDto): ComboboxOption => ({
  id: student.id,
  label: student.fullName,
  detail: `${student.account ? `${student.account.fullName} · ` : ''}born ${formatCalendarDay(student.dateOfBirth)}`,
})

/**
 * Choose a student by typing part of their name or their family's (issue 23): a few matches from
 * the server's paged search, never the academy's 300 students at once.
 */
export function StudentPicker({ id, label, onSelect }: { id: string; label: string; onSelect: (studentId: number | null) => void }) {
  const picker = useSearchPicker()
  const matches = useStudentMatches(picker.query, MATCHES)
  return (
    <Combobox
      id={id}
      label={label}
      {...searchPickerProps(picker, matches, toOption)}
      onSelect={(option) => {
        picker.setSelected(option)
        onSelect(option?.id ?? null)
      }}
      placeholder="Student's or family's name"
      noMatch="No student matches. Try part of the student's or the family's name."
    />
  )
}
