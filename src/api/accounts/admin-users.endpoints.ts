import { defineEndpoint, idParam } from '#api/http'
import { deleteUser, listUsers, setUserActive, setUserAdmin, setUserTeacher } from './admin-users'
import { userAdminSchema, userListQuerySchema, userStatusSchema, userTeacherSchema } from './admin-users.schemas'
import { searchUsers } from './admin-users-search'
import { asksForPage } from '#api/lib/paging.schemas'

/** Administration of accounts, spec §7: admin-only; the rules of decisions §2 sit in the users hooks. */
export const adminUserEndpoints = [
  /** Spec §7's plain array; with any of its optional parameters (issue 23), one page of a search. */
  defineEndpoint('get', '/users', { role: 'admin', query: userListQuerySchema }, async ({ req, query }) =>
    asksForPage(query) ? searchUsers(req, query) : listUsers(req),
  ),

  defineEndpoint('patch', '/users/:id/status', { role: 'admin', body: userStatusSchema }, async ({ req, body }) =>
    setUserActive(req, idParam(req), body.isActive),
  ),

  defineEndpoint('patch', '/users/:id/admin', { role: 'admin', body: userAdminSchema }, async ({ req, user, body }) =>
    setUserAdmin(req, user, idParam(req), body.isAdmin),
  ),

  defineEndpoint('patch', '/users/:id/teacher', { role: 'admin', body: userTeacherSchema }, async ({ req, body }) =>
    setUserTeacher(req, idParam(req), body.isTeacher),
  ),

  defineEndpoint('delete', '/users/:id', { role: 'admin' }, async ({ req }) => {
    await deleteUser(req, idParam(req))
    return { message: 'User deleted.' }
  }),
]
