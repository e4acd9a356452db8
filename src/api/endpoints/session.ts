import { requireUser } from '../auth'
import { defineEndpoint, readBody } from '../http'
import { expiredSessionCookie, logIn, logOut, sessionCookie } from '../operations/session'
import { toUserDto } from '../operations/users'
import { loginSchema } from '../schemas/auth'

export const sessionEndpoints = [
  defineEndpoint('get', '/user', async (req) => toUserDto(requireUser(req))),

  defineEndpoint('post', '/login', async (req) => {
    const input = await readBody(req, loginSchema)
    const { user, token } = await logIn(req, input)
    return Response.json(toUserDto(user), { headers: { 'Set-Cookie': sessionCookie(req, token) } })
  }),

  defineEndpoint('post', '/logout', async (req) => {
    await logOut(req)
    return Response.json({ message: 'Logged out' }, { headers: { 'Set-Cookie': expiredSessionCookie(req) } })
  }),
]
