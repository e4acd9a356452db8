import { useId, type ReactNode } from 'react'

import type { ClassDto } from '#api/classes/schemas'
import { ClassDetailsList, FullBadge, SeasonBadge } from '#islands/portal/components/ClassFacts'
import { Disclosure } from '#islands/portal/components/Disclosure'
import { LevelBadge } from '#islands/portal/components/StudentAvatar'
import { isFull } from '#islands/portal/format'
import { formatMonthlyPrice } from '#shared/money'

/** One class to choose, with why it cannot be chosen and, for a full class, its waitlist. */
export function ClassOption({
  cls,
  checked,
  reason,
  onToggle,
  waitlist,
}: {
  cls: ClassDto
  checked: boolean
  reason: string | null
  onToggle: () => void
  waitlist?: ReactNode
}) {
  const full = isFull(cls)
  const blocked = reason !== null
  const id = useId()
  return (
    <li
      className={`rounded-2xl border-2 bg-white p-4 shadow-sm ${checked ? 'border-brand-700 bg-brand-50' : 'border-gray-200'} ${blocked ? 'opacity-80' : ''}`}
      data-testid="class-option"
    >
      <label htmlFor={id} className={`flex items-start gap-3 ${blocked ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
        <input
          id={id}
          type="checkbox"
          checked={checked && !blocked}
          disabled={blocked}
          onChange={onToggle}
          aria-describedby={blocked ? `${id}-reason` : undefined}
          className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
        />
        <span className="min-w-0 flex-1">
          <span className="flex items-start justify-between gap-3">
            <span className="font-semibold">{cls.name}</span>
            <span className="shrink-0 font-semibold text-brand-800">{formatMonthlyPrice(cls.price)}</span>
          </span>
          <span className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-gray-800">
            <span>Ages {cls.ageGroup}</span>
            <LevelBadge level={cls.level} />
            <SeasonBadge season={cls.season} />
            {full ? <FullBadge /> : null}
          </span>
          <span className="mt-1 block text-sm text-gray-800">
            {cls.days} · {cls.time}
          </span>
          {blocked ? (
            <span id={`${id}-reason`} className="mt-1 block text-sm font-medium text-gray-800">
              {reason}
            </span>
          ) : null}
        </span>
      </label>
      {waitlist}
      <Disclosure label="Details" openLabel="Hide details" className="mt-2 pl-8">
        <ClassDetailsList cls={cls} />
      </Disclosure>
    </li>
  )
}
