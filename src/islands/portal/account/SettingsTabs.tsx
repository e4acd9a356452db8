import { useId, useRef, useState, type KeyboardEvent } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import { NotificationSettings } from './NotificationSettings'
import { PasswordForm } from './PasswordForm'
import { ProfileForm } from './ProfileForm'

const TABS = ['Profile', 'Password', 'Notifications'] as const
type Tab = (typeof TABS)[number]

/** Account Settings (spec §2): three tabs, with the arrow-key behaviour of the ARIA tabs pattern. */
export function SettingsTabs({ user }: { user: UserDto }) {
  const [active, setActive] = useState<Tab>('Profile')
  const prefix = useId()
  const buttons = useRef<Array<HTMLButtonElement | null>>([])

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = TABS.length - 1
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    setActive(TABS[next]!)
    buttons.current[next]?.focus()
  }

  return (
    <section aria-labelledby={`${prefix}-title`} className="rounded-3xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id={`${prefix}-title`} className="font-serif text-xl">
        Account Settings
      </h2>
      <div role="tablist" aria-label="Account Settings" className="mt-3 grid grid-cols-3 gap-1 rounded-full bg-gray-100 p-1">
        {TABS.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              buttons.current[index] = element
            }}
            type="button"
            role="tab"
            id={`${prefix}-tab-${index}`}
            aria-selected={active === tab}
            aria-controls={`${prefix}-panel-${index}`}
            tabIndex={active === tab ? 0 : -1}
            onClick={() => setActive(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`min-h-11 rounded-full px-2 py-2 text-sm font-semibold ${active === tab ? 'bg-white text-brand-800 shadow-sm' : 'text-gray-800 hover:text-brand-800'}`}
          >
            {tab}
          </button>
        ))}
      </div>
      {TABS.map((tab, index) => (
        <div
          key={tab}
          role="tabpanel"
          id={`${prefix}-panel-${index}`}
          aria-labelledby={`${prefix}-tab-${index}`}
          hidden={active !== tab}
          tabIndex={0}
          className="mt-4"
        >
          {active === tab ? tab === 'Profile' ? <ProfileForm user={user} /> : tab === 'Password' ? <PasswordForm /> : <NotificationSettings /> : null}
        </div>
      ))}
    </section>
  )
}
