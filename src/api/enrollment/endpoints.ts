import { defineEndpoint, idParam, schemaByRole } from '#api/http'
import { enrollStudent, listAllEnrollments, listStudentEnrollments } from './enrollments'
import { quoteEnrollment } from './quote-enrollment'
import { removeEnrollment } from './remove-enrollment'
import { adminEnrollmentInputSchema, enrollmentInputSchema, enrollmentQuoteQuerySchema } from './schemas'

export const enrollmentEndpoints = [
  defineEndpoint('get', '/enrollments/all', { role: 'admin' }, async ({ req, user }) => listAllEnrollments(req, user)),

  // Only an administrator may date an enrollment; a family's enrollmentDate is dropped.
  defineEndpoint(
    'post',
    '/enrollments',
    { role: 'family', body: schemaByRole(enrollmentInputSchema, adminEnrollmentInputSchema) },
    async ({ req, user, body }) => Response.json(await enrollStudent(req, user, body), { status: 201 }),
  ),

  // Issue 23: what enrolling will cost, shown before the family confirms.
  defineEndpoint('get', '/enrollments/quote', { role: 'family', query: enrollmentQuoteQuerySchema }, async ({ req, user, query }) =>
    quoteEnrollment(req, user, query),
  ),

  // An administrator removes at once; a family's removal is a drop under the notice (decisions §18).
  defineEndpoint('delete', '/enrollments/:id', { role: 'family' }, async ({ req, user }) => removeEnrollment(req, user, idParam(req))),

  // A student's enrollments are read here, not in the students slice, which enrollment builds on.
  defineEndpoint('get', '/students/:id/enrollments', { role: 'family', signedInReplay: {} }, async ({ req, user }) =>
    listStudentEnrollments(req, user, idParam(req)),
  ),
]
