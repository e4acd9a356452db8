import { isAdminUser, requireUser } from '../auth'
import { defineEndpoint, idParam, readBody } from '../http'
import { listStudentEnrollments } from '../operations/enrollments'
import { createStudent, deleteStudent, findOwnStudent, listStudents, toStudentDto } from '../operations/students'
import { adminStudentInputSchema, studentInputSchema } from '../schemas/students'

export const studentEndpoints = [
  defineEndpoint('get', '/students', async (req) => listStudents(req)),

  defineEndpoint('post', '/students', async (req) => {
    // A family's student is always its own: any userId it sends is dropped by the schema.
    const schema = isAdminUser(requireUser(req)) ? adminStudentInputSchema : studentInputSchema
    const student = await createStudent(req, await readBody(req, schema))
    return Response.json(student, { status: 201 })
  }),

  defineEndpoint('get', '/students/:id', async (req) => toStudentDto(await findOwnStudent(req, idParam(req)))),

  defineEndpoint('delete', '/students/:id', async (req) => {
    const student = await deleteStudent(req, idParam(req))
    return { message: `${student.fullName} has been removed.`, student }
  }),

  defineEndpoint('get', '/students/:id/enrollments', async (req) => listStudentEnrollments(req, idParam(req))),
]
