import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

import { scrollToTop } from '#islands/lib/scroll'
import { useHydrated } from '#islands/lib/use-hydrated'
import { useWideScreen } from '#islands/lib/use-list-paging'
import { useLocationHash } from '#islands/lib/use-location'

export type Tab = { id: string; label: string; render: () => ReactNode }

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs; only
 * the selected panel renders its content (and loads its data). They are the console's own
 * navigation (issue 23), in place of the family's bottom bar: on a phone every section shows at
 * once as wrapping chips above the panel (no hidden, sideways-scrolled tabs); on a desktop a
 * column beside the panel that stays in view.
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
  const wide = useWideScreen()

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
    const forward = index === last ? 0 : index + 1
    const back = index === 0 ? last : index - 1
    // Chips wrap over rows on a phone and stand in a column on a desktop: both arrow pairs move.
    const next = { ArrowRight: forward, ArrowDown: forward, ArrowLeft: back, ArrowUp: back, Home: 0, End: last }[event.key]
    if (next === undefined) return
    event.preventDefault()
    select(tabs[next]!.id, true)
  }

  return (
    <div className="md:grid md:grid-cols-[12rem_minmax(0,1fr)] md:items-start md:gap-6">
      {/* Arrow keys on the focused tab bubble up here (roving tabindex: the tabs take the focus). */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div
        role="tablist"
        aria-label={label}
        aria-orientation={wide ? 'vertical' : 'horizontal'}
        onKeyDown={onKeyDown}
        data-ready={ready ? '' : undefined}
        className="flex flex-wrap gap-2 border-b border-gray-200 pb-3 md:sticky md:top-4 md:flex-col md:flex-nowrap md:gap-1 md:border-b-0 md:pb-0"
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
              className={`min-h-11 rounded-full border px-3.5 py-2 text-sm font-semibold whitespace-nowrap md:rounded-xl md:border-0 md:border-l-4 md:text-left ${
                active
                  ? 'border-brand-700 bg-brand-700 text-white md:border-brand-700 md:bg-brand-50 md:text-brand-800'
                  : 'border-gray-300 bg-white text-gray-800 hover:border-gray-400 hover:text-ink md:border-transparent md:bg-transparent md:hover:bg-gray-100'
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
          className="min-w-0 pt-5 focus:outline-none focus-visible:outline-3 md:pt-0"
        >
          {tab.id === selected ? tab.render() : null}
        </div>
      ))}
    </div>
  )
}
