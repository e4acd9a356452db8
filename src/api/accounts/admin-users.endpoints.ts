import { defineEndpoint, idParam } from '#api/http'
import { deleteUser, listUsers, setUserActive, setUserAdmin, setUserTeacher } from './admin-users'
import { userAdminSchema, userStatusSchema, userTeacherSchema } from './admin-users.schemas'

/** Administration of accounts, spec §7: admin-only; the rules of decisions §2 sit in the users hooks. */
export const adminUserEndpoints = [
  defineEndpoint('get', '/users', { role: 'admin' }, async ({ req }) => listUsers(req)),

  defineEndpoint('patch', '/users/:id/status', { role: 'admin', body: userStatusSchema }, async ({ req, body }) =>
    setUserActive(req, idParam(req), body.isActive),
  ),

  defineEndpoint('patch', '/users/:id/admin', { role: 'admin', body: userAdminSchema }, async ({ req, body }) => setUserAdmin(req, idParam(req), body.isAdmin)),

  defineEndpoint('patch', '/users/:id/teacher', { role: 'admin', body: userTeacherSchema }, async ({ req, body }) =>
    setUserTeacher(req, idParam(req), body.isTeacher),
  ),

  defineEndpoint('delete', '/users/:id', { role: 'admin' }, async ({ req }) => {
    await deleteUser(req, idParam(req))
    return { message: 'User deleted.' }
  }),
]
