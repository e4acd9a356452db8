import { useState, type ReactNode } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import { useUserMatches } from '#islands/api/admin-list-users'
import { Combobox, type ComboboxOption } from '#islands/components/ui/Combobox'
import { useDebouncedValue } from '#islands/lib/use-list-paging'

export type PickedFamily = { id: number; fullName: string }

const toOption = (user: UserDto): ComboboxOption => ({
  id: user.id,
  label: user.fullName,
  detail: `${user.username} · ${user.email}${user.isActive ? '' : ' · inactive'}`,
})

/**
 * Choose a family's account by typing part of a parent's name, a child's name, a username or an
 * email (issue 23): the server's paged search answers with a few matches, so a console of 150
 * households never loads them all to offer a choice. Remount it (a `key`) to clear it.
 */
export function FamilyPicker({
  id,
  label,
  name,
  hint,
  error,
  onSelect,
}: {
  id: string
  label: string
  /** The form field that carries the chosen account's id. */
  name?: string
  hint?: ReactNode
  error?: string
  onSelect: (family: PickedFamily | null) => void
}) {
  const [text, setText] = useState('')
  const [selected, setSelected] = useState<ComboboxOption | null>(null)
  const q = useDebouncedValue(text)
  const matches = useUserMatches(selected ? '' : q)
  const total = matches.data?.total ?? 0
  const shown = matches.data?.items.length ?? 0
  return (
    <Combobox
      id={id}
      label={label}
      name={name}
      text={text}
      onText={setText}
      options={q.trim() === '' || text.trim() === '' ? undefined : matches.data?.items.map(toOption)}
      searching={matches.isFetching || q !== text}
      failed={matches.isError}
      selected={selected}
      onSelect={(option) => {
        setSelected(option)
        onSelect(option ? { id: option.id, fullName: option.label } : null)
      }}
      placeholder="Parent's or child's name, or email"
      hint={hint}
      error={error}
      noMatch="No account matches. Try part of a parent's or child's name, or an email."
      more={total > shown ? `the first ${shown} of ${total}: type more to narrow` : undefined}
    />
  )
}
