import type { ReactNode } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import { useUserMatches } from '#islands/api/accounts/admin-list-users'
import { Combobox, type ComboboxOption } from '#islands/components/ui/Combobox'
import { searchPickerProps, useSearchPicker } from '#islands/admin/search-picker'

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
  const picker = useSearchPicker()
  const matches = useUserMatches(picker.query)
  return (
    <Combobox
      id={id}
      label={label}
      name={name}
      {...searchPickerProps(picker, matches, toOption)}
      onSelect={(option) => {
        picker.setSelected(option)
        onSelect(option ? { id: option.id, fullName: option.label } : null)
      }}
      placeholder="Parent's or child's name, or email"
      hint={hint}
      error={error}
      noMatch="No account matches. Try part of a parent's or child's name, or an email."
    />
  )
}
