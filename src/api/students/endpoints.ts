import { isAdminUser } from '#api/auth'
import { forbidden } from '#api/errors'
import { defineEndpoint, idParam, schemaByRole } from '#api/http'
import { asksForPage } from '#api/lib/paging.schemas'
import { createStudent, deleteStudent, findOwnStudent, listStudents, toStudentDto, updateEmergencyContact } from './students'
import { updateStudent } from './update-student'
import { adminStudentInputSchema, emergencyContactUpdateSchema, studentInputSchema } from './schemas'
import { STUDENT_LIST_MESSAGES, studentListQuerySchema } from './student-list.schemas'
import { searchStudents } from './student-search'

export const studentEndpoints = [
  // Issue 23: with any of its optional parameters, one page of every family's students, for the console only.
  defineEndpoint('get', '/students', { role: 'family', query: studentListQuerySchema, signedInReplay: {} }, async ({ req, user, query }) => {
    if (!asksForPage(query)) return listStudents(req, user)
    if (!isAdminUser(user)) throw forbidden(STUDENT_LIST_MESSAGES.adminOnly)
    return searchStudents(req, query)
  }),

  // A family's student is always its own: any userId it sends is dropped by the schema.
  defineEndpoint('post', '/students', { role: 'family', body: schemaByRole(studentInputSchema, adminStudentInputSchema) }, async ({ req, user, body }) =>
    Response.json(await createStudent(req, user, body), { status: 201 }),
  ),

  defineEndpoint('get', '/students/:id', { role: 'family', signedInReplay: {} }, async ({ req, user }) =>
    toStudentDto(await findOwnStudent(req, user, idParam(req))),
  ),

  // The family edits its own student under the rules of adding one (decisions §18).
  defineEndpoint('patch', '/students/:id', { role: 'family', body: studentInputSchema }, async ({ req, user, body }) =>
    updateStudent(req, user, idParam(req), body),
  ),

  defineEndpoint('patch', '/students/:id/emergency-contact', { role: 'family', body: emergencyContactUpdateSchema }, async ({ req, user, body }) =>
    updateEmergencyContact(req, user, idParam(req), body.emergencyContact),
  ),

  defineEndpoint('delete', '/students/:id', { role: 'family' }, async ({ req, user }) => {
    const student = await deleteStudent(req, user, idParam(req))
    return { message: `${student.fullName} has been removed.`, student }
  }),
]
