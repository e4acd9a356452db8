import { defineEndpoint, idParam } from '#api/http'
import { csvResponse } from '#api/lib/csv'
import { reEnrollment } from './re-enrollment'
import { retentionCsv, seasonRetention } from './retention'
import { rolloverSeason } from './rollover'
import { allSeasons, toSeasonDto } from './season-reads'
import { rolloverInputSchema } from './schemas'

/** Seasons (issue 27, the next season). The seasons themselves are edited by administrators in /cms. */
export const seasonEndpoints = [
  defineEndpoint('get', '/seasons/re-enrollment', { role: 'family' }, async ({ req, user }) => reEnrollment(req, user)),

  defineEndpoint('get', '/admin/seasons', { role: 'admin' }, async ({ req }) => (await allSeasons(req)).map(toSeasonDto)),

  defineEndpoint('post', '/admin/seasons/:id/rollover', { role: 'admin', body: rolloverInputSchema }, async ({ req, body }) =>
    Response.json(await rolloverSeason(req, idParam(req), body), { status: 201 }),
  ),

  defineEndpoint('get', '/admin/seasons/:id/retention', { role: 'admin' }, async ({ req }) => seasonRetention(req, idParam(req))),

  defineEndpoint('get', '/admin/seasons/:id/retention.csv', { role: 'admin' }, async ({ req }) => {
    const figure = await seasonRetention(req, idParam(req))
    return csvResponse(retentionCsv(figure), `retention-${figure.from.name.replace(/[^\w-]+/g, '-')}.csv`)
  }),
]
