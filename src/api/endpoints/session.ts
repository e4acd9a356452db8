import { requireUser } from '../auth'
import { defineEndpoint, readBody } from '../http'
import { expiredSessionCookie, logInThrottled, logOut, sessionCookie } from '../operations/session'
import { toUserDto } from '../operations/users'
import { loginSchema } from '../schemas/auth'

export const sessionEndpoints = [
  defineEndpoint('get', '/user', async (req) => toUserDto(requireUser(req))),

  defineEndpoint('post', '/login', async (req) => {
    const input = await readBody(req, loginSchema)
    const { user, token } = await logInThrottled(req, input)
    return Response.json(toUserDto(user), { headers: { 'Set-Cookie': sessionCookie(req, token) } })
  }),

  // Signed out already is fine: the answer is the same and the cookie is cleared either way.
  defineEndpoint('post', '/logout', async (req) => {
    await logOut(req)
    return Response.json({ message: 'Logged out' }, { headers: { 'Set-Cookie': expiredSessionCookie(req) } })
  }),
]
