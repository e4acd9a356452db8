import type { ClassDto } from '#api/classes/schemas'
import { seasonLabel } from '#shared/seasons'

/** Days and time of a class, with icons that stay out of the accessible name. */
export function ClassWhen({ cls }: { cls: Pick<ClassDto, 'days' | 'time'> }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-800">
      <span className="inline-flex items-center gap-1">
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M5 5h14v15H5zM5 10h14M9 3v4M15 3v4" />
        </svg>
        {cls.days}
      </span>
      <span className="inline-flex items-center gap-1">
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </svg>
        {cls.time}
      </span>
    </p>
  )
}

/** Description, instructor and location: the expandable details of a class card. */
export function ClassDetailsList({
  cls,
  showDescription = true,
}: {
  cls: Pick<ClassDto, 'description' | 'instructor' | 'location'>
  showDescription?: boolean
}) {
  return (
    <div className="space-y-1">
      {showDescription ? <p>{cls.description}</p> : null}
      <p>
        <span className="font-semibold">Instructor:</span> {cls.instructor}
      </p>
      <p>
        <span className="font-semibold">Location:</span> {cls.location}
      </p>
    </div>
  )
}

/** The class's season, once classes of two seasons exist (issue 41): 'Season 2027–28 · registration from 1 May 2027'. */
export function SeasonBadge({ season }: { season: ClassDto['season'] }) {
  if (!season) return null
  return <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{seasonLabel(season)}</span>
}

export function FullBadge() {
  return <span className="inline-block rounded-full bg-gray-800 px-2.5 py-0.5 text-xs font-semibold text-white">Full</span>
}
