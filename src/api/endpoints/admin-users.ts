import { requireAdmin } from '../auth'
import { defineEndpoint, idParam, readBody } from '../http'
import { deleteUser, listUsers, setUserActive, setUserAdmin } from '../operations/admin-users'
import { userAdminSchema, userStatusSchema } from '../schemas/admin-users'

/** Administration of accounts, spec §7: admin-only; the rules of decisions §2 sit in the users hooks. */
export const adminUserEndpoints = [
  defineEndpoint('get', '/users', async (req) => {
    requireAdmin(req)
    return listUsers(req)
  }),

  defineEndpoint('patch', '/users/:id/status', async (req) => {
    requireAdmin(req)
    const id = idParam(req)
    const { isActive } = await readBody(req, userStatusSchema)
    return setUserActive(req, id, isActive)
  }),

  defineEndpoint('patch', '/users/:id/admin', async (req) => {
    requireAdmin(req)
    const id = idParam(req)
    const { isAdmin } = await readBody(req, userAdminSchema)
    return setUserAdmin(req, id, isAdmin)
  }),

  defineEndpoint('delete', '/users/:id', async (req) => {
    requireAdmin(req)
    await deleteUser(req, idParam(req))
    return { message: 'User deleted.' }
  }),
]
