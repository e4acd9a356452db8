import { initials } from '#islands/portal/format'

/** The initials avatar of a student or account holder. */
export function Avatar({ name, size = 'md' }: { name: string; size?: 'md' | 'lg' }) {
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800 ${size === 'lg' ? 'h-14 w-14 text-lg' : 'h-11 w-11'}`}
    >
      {initials(name)}
    </span>
  )
}

export function LevelBadge({ level }: { level: string }) {
  return <span className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-100">{level}</span>
}
