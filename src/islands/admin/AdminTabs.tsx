import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export type Tab = { id: string; label: string; render: () => ReactNode }

/** The tab in the address (#users), so a reload or a shared link opens the same tab. */
function tabFromHash(tabs: Tab[]): string | null {
  const hash = window.location.hash.slice(1)
  return tabs.some((tab) => tab.id === hash) ? hash : null
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs; only
 * the selected panel renders its content (and loads its data).
 */
export function AdminTabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  const [selected, setSelected] = useState(tabs[0]!.id)
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const [ready, setReady] = useState(false)

  useEffect(() => {
    const fromHash = tabFromHash(tabs)
    if (fromHash) setSelected(fromHash)
    // Marks hydration: until then the server-rendered tabs do not answer clicks.
    setReady(true)
    const onHash = () => {
      const next = tabFromHash(tabs)
      if (next) setSelected(next)
    }
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [tabs])

  function select(id: string, focus = false) {
    setSelected(id)
    history.replaceState(null, '', `#${id}`)
    if (focus) buttons.current.get(id)?.focus()
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
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} data-ready={ready ? '' : undefined} className="-mx-4 flex gap-1 overflow-x-auto border-b border-gray-200 px-4 pb-px sm:mx-0 sm:px-0">
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
        <div key={tab.id} id={`admin-panel-${tab.id}`} role="tabpanel" aria-labelledby={`admin-tab-${tab.id}`} hidden={tab.id !== selected} tabIndex={0} className="pt-5 focus:outline-none focus-visible:outline-3">
          {tab.id === selected ? tab.render() : null}
        </div>
      ))}
    </div>
  )
}
