import { useState } from 'react'

import type { RolloverDto, SeasonDto } from '#api/seasons/schemas'
import { useAdminSeasons } from '#islands/api/seasons/admin-seasons'
import { ErrorCard, SuccessAlert } from '#islands/components/ui/Alert'
import { Loading } from '#islands/components/ui/LoadState'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { formatCalendarDay } from '#shared/dates'
import { countOf } from '#shared/plural'
import { RolloverDialog } from './RolloverDialog'

/** The seasons (issue 27, the next season), each with its rollover into the next; the seasons themselves are edited in /cms. */
export function SeasonRollover() {
  const seasons = useAdminSeasons()
  const [from, setFrom] = useState<SeasonDto | null>(null)
  const [done, setDone] = useState<RolloverDto | null>(null)
  const copyOf = (season: SeasonDto) => seasons.data?.find((s) => s.rolledFromId === season.id)

  return (
    <section aria-labelledby="seasons-heading" className="mt-8">
      <SectionHeader id="seasons-heading" title="Seasons">
        Create next season copies a season's classes into a new one, with its registration days.
      </SectionHeader>
      {done ? (
        <div className="mb-3">
          <SuccessAlert title={`${done.season.name} created: ${countOf(done.classesCopied, 'class', 'classes')} copied`}>
            <p>{done.message}</p>
          </SuccessAlert>
        </div>
      ) : null}
      {seasons.isPending ? <Loading label="Loading seasons" /> : null}
      {seasons.isError ? <ErrorCard message="Failed to load seasons." onRetry={() => void seasons.refetch()} /> : null}
      {seasons.data?.length === 0 ? <p className="text-gray-800">No season yet: add one in /cms.</p> : null}
      <ul className="space-y-3" aria-label="Seasons">
        {(seasons.data ?? []).map((season) => (
          <li key={season.id} className={`${CARD} flex flex-wrap items-center justify-between gap-3`}>
            <div className="min-w-0 text-sm text-gray-800">
              <p className="text-base font-semibold text-ink">{season.name}</p>
              <p>
                {formatCalendarDay(season.firstDay)} – {formatCalendarDay(season.lastDay)}
              </p>
              <p>
                Priority registration from {formatCalendarDay(season.priorityOpens)}, open from {formatCalendarDay(season.openOpens)}
              </p>
              {copyOf(season) ? <p className="font-medium">Rolled over into {copyOf(season)!.name}</p> : null}
            </div>
            {/* Offered once per season: the server refuses a second rollover (409), so the button is not there to refuse. */}
            {copyOf(season) ? null : (
              <button
                type="button"
                className={BUTTON.secondary}
                onClick={() => {
                  setDone(null)
                  setFrom(season)
                }}
              >
                Create next season<span className="sr-only"> after {season.name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <RolloverDialog
        from={from}
        onClose={() => setFrom(null)}
        onDone={(result) => {
          setFrom(null)
          setDone(result)
        }}
      />
    </section>
  )
}
