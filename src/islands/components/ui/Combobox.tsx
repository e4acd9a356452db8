import { useState, type KeyboardEvent, type ReactNode } from 'react'

export type ComboboxOption = { id: number; label: string; detail?: string }

type Props = {
  id: string
  label: ReactNode
  /** What was typed; the owner asks the server for the matches of it. */
  text: string
  onText: (text: string) => void
  /** The server's matches of `text`, or undefined while none were asked for. */
  options: ComboboxOption[] | undefined
  searching: boolean
  failed: boolean
  selected: ComboboxOption | null
  onSelect: (option: ComboboxOption | null) => void
  /** A hidden input of this name carries the chosen id in the form. */
  name?: string
  placeholder?: string
  hint?: ReactNode
  error?: string
  /** "No account matches", said when the server found nothing. */
  noMatch: string
  /** Shown in the list when the page of matches is not all of them. */
  more?: string
}

const CONTROL =
  'mt-1 block w-full rounded-xl border bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-gray-500 focus:border-brand-700 focus:outline-none focus-visible:outline-3 focus-visible:outline-brand-600'

/**
 * A search box that picks one record from the server's matches (issue 23: the console never
 * loads a whole list to offer a choice). The WAI-ARIA combobox with a listbox popup: typing
 * asks the owner for matches, the arrow keys move through them, Enter or a tap chooses, Escape
 * closes the list (and not the dialog around it). A status line says how many matched.
 */
export function Combobox(props: Props) {
  const { id, label, text, onText, options, searching, failed, selected, onSelect, name, placeholder, hint, error, noMatch, more } = props
  const [open, setOpen] = useState(false)
  const [activeIndex, setActive] = useState(0)
  const listId = `${id}-listbox`
  const statusId = `${id}-status`
  const matches = options ?? []
  const expanded = open && selected === null && text.trim() !== '' && matches.length > 0
  // A newer answer may hold fewer matches than the one the arrow keys moved through.
  const active = Math.min(activeIndex, Math.max(0, matches.length - 1))
  const optionId = (index: number) => `${id}-option-${matches[index]?.id ?? index}`

  function choose(option: ComboboxOption) {
    onSelect(option)
    onText(option.label)
    setOpen(false)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (matches.length === 0) return
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setOpen(true)
      setActive((current) => (expanded ? (current + step + matches.length) % matches.length : step === 1 ? 0 : matches.length - 1))
    } else if (event.key === 'Enter' && expanded) {
      // Enter chooses the active match rather than submitting the form around it.
      event.preventDefault()
      const option = matches[active]
      if (option) choose(option)
    } else if (event.key === 'Escape' && expanded) {
      // The list closes; the dialog around it stays (the browser's close request is cancelled).
      event.preventDefault()
      event.stopPropagation()
      setOpen(false)
    }
  }

  const status = selected
    ? `Chosen: ${selected.label}${selected.detail ? ` (${selected.detail})` : ''}`
    : text.trim() === ''
      ? ''
      : failed
        ? 'The search failed. Please try again.'
        : searching && options === undefined
          ? 'Searching…'
          : options === undefined
            ? ''
            : matches.length === 0
              ? noMatch
              : `${matches.length} match${matches.length === 1 ? '' : 'es'}${more ? `, ${more}` : ''}. Use the arrow keys or tap one to choose.`
  const described = [hint ? `${id}-hint` : '', statusId, error ? `${id}-error` : ''].filter(Boolean).join(' ')

  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        placeholder={placeholder}
        value={text}
        className={`${CONTROL} ${error ? 'border-red-700' : 'border-gray-400'}`}
        onChange={(event) => {
          onText(event.target.value)
          if (selected) onSelect(null)
          setActive(0)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {name ? <input type="hidden" name={name} value={selected ? String(selected.id) : ''} /> : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <p id={statusId} role="status" className="mt-1 min-h-5 text-sm text-gray-700" data-combobox-status>
        {status}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {expanded ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={typeof label === 'string' ? `${label}: matches` : 'Matches'}
          className="absolute inset-x-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-xl border border-gray-300 bg-white py-1 shadow-lg"
        >
          {matches.map((option, index) => (
            <li
              key={option.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-brand-50 text-ink' : ''}`}
              // Chosen on mousedown: the input keeps focus, so the list is not closed by its blur first.
              onMouseDown={(event) => {
                event.preventDefault()
                choose(option)
              }}
              onMouseMove={() => setActive(index)}
            >
              <span className="block font-medium break-words">{option.label}</span>
              {option.detail ? <span className="block text-sm break-words text-gray-700">{option.detail}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
