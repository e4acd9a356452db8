import { useState } from 'react'

import type { ComboboxOption } from '#islands/components/ui/Combobox'
import { useDebouncedValue } from '#islands/lib/use-list-paging'

/** One page of the server's search, as the console's paged list queries answer it. */
type Matches<T> = { data?: { items: T[]; total: number }; isFetching: boolean; isError: boolean }

/**
 * What a picker over the server's search remembers (issue 23): the typed text, the query it
 * settles into once typing pauses (none while a choice is shown), and the choice.
 */
export function useSearchPicker() {
  const [text, setText] = useState('')
  const [selected, setSelected] = useState<ComboboxOption | null>(null)
  const settled = useDebouncedValue(text)
  return { text, setText, selected, setSelected, settled, query: selected ? '' : settled }
}

/** The Combobox's props for the picker's state and the matches its query brought back. */
export function searchPickerProps<T>(picker: ReturnType<typeof useSearchPicker>, matches: Matches<T>, toOption: (item: T) => ComboboxOption) {
  const total = matches.data?.total ?? 0
  const shown = matches.data?.items.length ?? 0
  return {
    text: picker.text,
    onText: picker.setText,
    options: picker.settled.trim() === '' || picker.text.trim() === '' ? undefined : matches.data?.items.map(toOption),
    searching: matches.isFetching || picker.settled !== picker.text,
    failed: matches.isError,
    selected: picker.selected,
    more: total > shown ? `the first ${shown} of ${total}: type more to narrow` : undefined,
  }
}
