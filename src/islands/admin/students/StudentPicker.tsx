import { useState } from 'react'

import type { AdminStudentRowDto } from '#api/students/student-list.schemas'
import { useStudentMatches } from '#islands/api/admin-list-students'
import { Combobox, type ComboboxOption } from '#islands/components/ui/Combobox'
import { formatCalendarDay } from '#shared/dates'
import { useDebouncedValue } from '#islands/lib/use-list-paging'

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
  const [text, setText] = useState('')
  const [selected, setSelected] = useState<ComboboxOption | null>(null)
  const q = useDebouncedValue(text)
  const matches = useStudentMatches(selected ? '' : q, MATCHES)
  const total = matches.data?.total ?? 0
  const shown = matches.data?.items.length ?? 0
  return (
    <Combobox
      id={id}
      label={label}
      text={text}
      onText={setText}
      options={q.trim() === '' || text.trim() === '' ? undefined : matches.data?.items.map(toOption)}
      searching={matches.isFetching || q !== text}
      failed={matches.isError}
      selected={selected}
      onSelect={(option) => {
        setSelected(option)
        onSelect(option?.id ?? null)
      }}
      placeholder="Student's or family's name"
      noMatch="No student matches. Try part of the student's or the family's name."
      more={total > shown ? `the first ${shown} of ${total}: type more to narrow` : undefined}
    />
  )
}
