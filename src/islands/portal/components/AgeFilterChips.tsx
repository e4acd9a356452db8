import { ALL_AGES } from '#shared/eligibility'
import { scrollToTop } from '#islands/lib/scroll'
import { ageChipLabel } from '#islands/portal/format'

/**
 * 'All Ages' plus 'Ages X' per group (spec §2), as toggle buttons; the chosen one is pressed.
 * Another group is another view of the list: the page goes back to its top (spec §2).
 */
export function AgeFilterChips({
  groups,
  value,
  onChange,
  label = 'Filter classes by age group',
}: {
  groups: readonly string[]
  value: string
  onChange: (group: string) => void
  label?: string
}) {
  return (
    <div role="group" aria-label={label} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {[ALL_AGES, ...groups].map((group) => {
        const active = group === value
        return (
          <button
            key={group}
            type="button"
            aria-pressed={active}
            onClick={() => {
              if (group === value) return
              onChange(group)
              scrollToTop()
            }}
            className={`min-h-11 shrink-0 rounded-full border px-4 py-2 text-sm font-semibold ${
              active ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-400 bg-white text-ink hover:border-brand-700 hover:text-brand-800'
            }`}
          >
            {ageChipLabel(group)}
          </button>
        )
      })}
    </div>
  )
}
