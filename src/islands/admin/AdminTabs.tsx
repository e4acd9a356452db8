import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

import { scrollToTop } from '#islands/lib/scroll'
import { useHydrated } from '#islands/lib/use-hydrated'
import { useLocationHash } from '#islands/lib/use-location'

export type Tab = { id: string; label: string; render: () => ReactNode }

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs; only
 * the selected panel renders its content (and loads its data).
 */
export function AdminTabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  // The tab in the address (#users), so a reload or a shared link opens the same tab; a click
  // replaces the hash without a hashchange event, so the choice is kept here too.
  const hash = useLocationHash()
  const [chosen, setChosen] = useState<{ id: string; hash: string } | null>(null)
  const fromHash = tabs.some((tab) => tab.id === hash) ? hash : null
  const selected = (chosen && chosen.hash === hash ? chosen.id : fromHash) ?? tabs[0]!.id
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  // Until hydration the server-rendered tabs do not answer clicks; tests wait for data-ready.
  const ready = useHydrated()

  function select(id: string, focus = false) {
    history.replaceState(null, '', `#${id}`)
    setChosen({ id, hash: window.location.hash.slice(1) })
    if (focus) buttons.current.get(id)?.focus()
    // Another tab is another view: back to the top, as on a page change (spec §2).
    if (id !== selected) scrollToTop()
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected)
    const last = tabs.length - 1
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key]
    if (next === undefined) return
    event.preventDefault()
    select(tabs[next]!.id, true)
  }

  return (
    <div>
      {/* Arrow keys on the focused tab bubble up here (roving tabindex: the tabs take the focus). */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        data-ready={ready ? '' : undefined}
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-gray-200 px-4 pb-px sm:mx-0 sm:px-0"
      >
        {tabs.map((tab) => {
          const active = tab.id === selected
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element)
                else buttons.current.delete(tab.id)
              }}
              id={`admin-tab-${tab.id}`}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={`admin-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => select(tab.id)}
              className={`-mb-px min-h-11 shrink-0 border-b-2 px-3 py-2 text-sm font-semibold whitespace-nowrap sm:px-4 ${
                active ? 'border-brand-700 text-brand-800' : 'border-transparent text-gray-700 hover:border-gray-300 hover:text-ink'
              }`}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`admin-panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`admin-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="pt-5 focus:outline-none focus-visible:outline-3"
        >
          {tab.id === selected ? tab.render() : null}
        </div>
      ))}
    </div>
  )
}
