import { isAdminUser, requireUser } from '../auth'
import { defineEndpoint, idParam, readBody } from '../http'
import { deleteEnrollment, enrollStudent, listAllEnrollments } from '../operations/enrollments'
import { adminEnrollmentInputSchema, enrollmentInputSchema } from '../schemas/enrollments'

export const enrollmentEndpoints = [
  defineEndpoint('get', '/enrollments/all', async (req) => listAllEnrollments(req)),

  defineEndpoint('post', '/enrollments', async (req) => {
    // Only an administrator may date an enrolment; a family's enrollmentDate is dropped.
    const schema = isAdminUser(requireUser(req)) ? adminEnrollmentInputSchema : enrollmentInputSchema
    const enrollment = await enrollStudent(req, await readBody(req, schema))
    return Response.json(enrollment, { status: 201 })
  }),

  defineEndpoint('delete', '/enrollments/:id', async (req) => {
    await deleteEnrollment(req, idParam(req))
    return { message: 'Enrollment removed.' }
  }),
]
