import { defineEndpoint, idParam } from '#api/http'
import { listLevels, placeFromRecommendations, readPlacement, setStudentLevel } from './placement'
import { setLevelInputSchema } from './schemas'

/** Levels and placement (issue 27). The levels themselves are edited by administrators in /cms. */
export const levelsEndpoints = [
  defineEndpoint('get', '/levels', { role: 'public' }, async ({ req }) => listLevels(req)),

  defineEndpoint('get', '/students/:id/placement', { role: 'family' }, async ({ req, user }) => readPlacement(req, user, idParam(req))),

  defineEndpoint('patch', '/admin/students/:id/level', { role: 'admin', body: setLevelInputSchema }, async ({ req, user, body }) =>
    setStudentLevel(req, user, idParam(req), body),
  ),

  defineEndpoint('post', '/admin/assessment-windows/:id/place', { role: 'admin' }, async ({ req }) => placeFromRecommendations(req, idParam(req))),
]
