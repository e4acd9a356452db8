import { useState } from 'react'

import type { RetentionRow } from '#api/seasons/schemas'
import { retentionCsvUrl, useAdminSeasons, useSeasonRetention } from '#islands/api/seasons/admin-seasons'
import { ApiError } from '#islands/lib/http'
import { Loading } from '#islands/components/ui/LoadState'
import { SectionHeader } from '#islands/components/ui/SectionHeader'

const share = (row: RetentionRow) => (row.enrolledAtEnd === 0 ? '–' : `${Math.round((100 * row.reEnrolled) / row.enrolledAtEnd)}%`)

/** The retention figure (issue 27, the next season): of a season's dancers at its end, who re-enrolled for the next; seasons themselves are edited in /cms. */
export function SeasonRetention() {
  const seasons = useAdminSeasons()
  const [chosen, setChosen] = useState<number | null>(null)
  const seasonId = chosen ?? seasons.data?.[1]?.id ?? seasons.data?.[0]?.id ?? null
  const retention = useSeasonRetention(seasonId)
  const lines = retention.data
    ? [
        { name: 'Everyone', row: retention.data.overall },
        ...retention.data.byLevel.map((r) => ({ name: r.level, row: r })),
        ...retention.data.byClass.map((r) => ({ name: r.className, row: r })),
      ]
    : []
  return (
    <section aria-labelledby="season-retention-heading" className="mt-8">
      <SectionHeader id="season-retention-heading" title="Season retention" />
      {seasons.isPending ? <Loading label="Loading seasons" /> : null}
      {seasons.data && seasons.data.length > 0 ? (
        <div className="space-y-3">
          <label className="block text-sm font-medium">
            Season
            <select className="mt-1 block w-full rounded border px-2 py-2" value={seasonId ?? ''} onChange={(e) => setChosen(Number(e.target.value))}>
              {seasons.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          {retention.error ? (
            <p role="status">{retention.error instanceof ApiError ? retention.error.serverMessage : 'Could not load the retention figure.'}</p>
          ) : null}
          {retention.data ? (
            <>
              <table className="w-full text-sm">
                <caption className="text-left">
                  Enrolled at the end of {retention.data.from.name}, re-enrolled for {retention.data.to.name}
                </caption>
                <thead>
                  <tr>
                    <th scope="col" className="text-left">
                      Group
                    </th>
                    <th scope="col">At the end</th>
                    <th scope="col">Re-enrolled</th>
                    <th scope="col">Retention</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map(({ name, row }, i) => (
                    <tr key={`${i}-${name}`}>
                      <th scope="row" className="text-left font-normal">
                        {name}
                      </th>
                      <td className="text-center">{row.enrolledAtEnd}</td>
                      <td className="text-center">{row.reEnrolled}</td>
                      <td className="text-center">{share(row)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <a className="underline" href={retentionCsvUrl(seasonId!)} download>
                Download retention CSV
              </a>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
