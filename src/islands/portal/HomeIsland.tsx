import { useState } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import type { ClassDto } from '#api/classes/schemas'
import { ALL_AGES, sortAgeGroups } from '#shared/eligibility'
import { useCurrentUser } from '#islands/api/accounts/current-user'
import { useClasses } from '#islands/api/classes/list-classes'
import { useNotify } from '#islands/components/ui/Toast'
import { AgeFilterChips } from './components/AgeFilterChips'
import { ClassWhen, FullBadge, SeasonBadge } from './components/ClassFacts'
import { Disclosure } from './components/Disclosure'
import { ErrorCard } from '#islands/components/ui/Alert'
import { PortalRoot } from './components/PortalRoot'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { LevelBadge } from './components/StudentAvatar'
import { formatMonthlyPrice } from '#shared/money'

import { isFull } from './format'
import { PORTAL_TEXT } from './texts'

function ClassCard({ cls, onAdd }: { cls: ClassDto; onAdd: () => void }) {
  const full = isFull(cls)
  return (
    <li className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm" data-testid="class-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold">{cls.name}</h2>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-gray-800">
            <span>Ages {cls.ageGroup}</span>
            <LevelBadge level={cls.level} />
            <SeasonBadge season={cls.season} />
            {full ? <FullBadge /> : null}
          </p>
        </div>
        <p className="shrink-0 font-semibold text-brand-800">{formatMonthlyPrice(cls.price)}</p>
      </div>
      <div className="mt-2">
        <ClassWhen cls={cls} />
      </div>
      <Disclosure label="Details" openLabel="Hide details" className="mt-2">
        <p>{cls.description}</p>
        <p className="mt-1">
          <span className="font-semibold">Location:</span> {cls.location}
        </p>
        <p>
          <span className="font-semibold">Instructor:</span> {cls.instructor}
        </p>
      </Disclosure>
      <button
        type="button"
        onClick={onAdd}
        className="mt-3 inline-flex w-full items-center justify-center rounded-full bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Add to My Classes<span className="sr-only">: {cls.name}</span>
      </button>
    </li>
  )
}

function ClassBrowser() {
  const { data: user } = useCurrentUser()
  const [group, setGroup] = useState(ALL_AGES)
  const all = useClasses()
  const filtered = useClasses(group === ALL_AGES ? undefined : group)
  const notify = useNotify()
  const groups = all.data ? sortAgeGroups(all.data.map((cls) => cls.ageGroup)) : []

  // Spec §2 /home: a visitor is asked to log in; a family chooses the student on /account.
  function addToMyClasses() {
    if (!user) {
      notify({ title: PORTAL_TEXT.pleaseLogIn, text: PORTAL_TEXT.pleaseLogInText, tone: 'error' })
      setTimeout(() => window.location.assign('/auth'), 1200)
      return
    }
    window.location.assign('/account')
  }

  return (
    <main id="main" className="space-y-4 px-4 py-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl">Classes</h1>
          <p className="mt-1 text-gray-800">Find the right class for every dancer in your family.</p>
        </div>
        <a
          href="/schedule"
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M5 5h14v15H5zM5 10h14M9 3v4M15 3v4" />
          </svg>
          View Weekly Schedule
        </a>
      </header>

      {all.isError ? (
        <ErrorCard title={PORTAL_TEXT.failedFilters} onRetry={() => void all.refetch()} />
      ) : (
        <AgeFilterChips groups={groups} value={group} onChange={setGroup} />
      )}

      <section aria-label="Classes" aria-busy={filtered.isPending}>
        {filtered.isPending ? (
          <SkeletonRows count={3} label="Loading classes…" className="h-36" />
        ) : filtered.isError ? (
          <ErrorCard title={PORTAL_TEXT.failedClasses} onRetry={() => void filtered.refetch()} />
        ) : filtered.data.length === 0 ? (
          <p className="rounded-2xl bg-white p-4 text-gray-800">{PORTAL_TEXT.homeEmpty}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {filtered.data.map((cls) => (
              <ClassCard key={cls.id} cls={cls} onAdd={addToMyClasses} />
            ))}
          </ul>
        )}
      </section>
    </main>
  )
}

/** /home: class browsing for signed-in families (spec §2). */
export default function HomeIsland({ user }: { user: UserDto }) {
  return <PortalRoot user={user}>{() => <ClassBrowser />}</PortalRoot>
}
