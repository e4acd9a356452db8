import type { ClassSeasonDto } from '#api/classes/schemas'
import { seasonDayText } from '#api/seasons/schemas'
import { registrationText } from '#islands/lib/season-groups'

/** A season's name over its classes, its days, and when its registration opens while it has not opened to everyone. */
export function SeasonHeading({ season, today }: { season: ClassSeasonDto; today: string | undefined }) {
  const registration = today ? registrationText(season, today) : null
  return (
    <div className="mb-2">
      <h3 className="font-semibold text-brand-800">Season {season.name}</h3>
      <p className="text-sm text-gray-800">
        {seasonDayText(season.firstDay)} – {seasonDayText(season.lastDay)}
        {registration ? ` · ${registration}` : ''}
      </p>
    </div>
  )
}
