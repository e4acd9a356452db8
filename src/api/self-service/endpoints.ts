import { defineEndpoint, idParam } from '#api/http'
import { cancelAbsence, listStudentAbsences, reportAbsence } from './absences'
import { dropEnrollment, undoDrop } from './drops'
import { bookMakeup, cancelMakeup, makeupOptions } from './makeups'
import { selfServiceRules } from './rules'
import { absenceInputSchema, dropInputSchema, makeupInputSchema } from './schemas'

/** A family's own changes (decisions §16): its own students only, an administrator any. */
export const selfServiceEndpoints = [
  defineEndpoint('get', '/self-service/rules', { role: 'family' }, async ({ req }) => selfServiceRules(req)),

  defineEndpoint('post', '/enrollments/:id/drop', { role: 'family', body: dropInputSchema }, async ({ req, user, body }) =>
    dropEnrollment(req, user, idParam(req), body),
  ),

  defineEndpoint('delete', '/enrollments/:id/drop', { role: 'family' }, async ({ req, user }) => undoDrop(req, user, idParam(req))),

  defineEndpoint('get', '/students/:id/absences', { role: 'family' }, async ({ req, user }) => listStudentAbsences(req, user, idParam(req))),

  defineEndpoint('post', '/absences', { role: 'family', viewGuardians: true, body: absenceInputSchema }, async ({ req, user, body }) => {
    const { status, answer } = await reportAbsence(req, user, body)
    return Response.json(answer, { status })
  }),

  defineEndpoint('delete', '/absences/:id', { role: 'family', viewGuardians: true }, async ({ req, user }) => cancelAbsence(req, user, idParam(req))),

  defineEndpoint('get', '/absences/:id/makeup-options', { role: 'family' }, async ({ req, user }) => makeupOptions(req, user, idParam(req))),

  defineEndpoint('post', '/makeups', { role: 'family', body: makeupInputSchema }, async ({ req, user, body }) =>
    Response.json(await bookMakeup(req, user, body), { status: 201 }),
  ),

  defineEndpoint('delete', '/makeups/:id', { role: 'family' }, async ({ req, user }) => cancelMakeup(req, user, idParam(req))),
]
