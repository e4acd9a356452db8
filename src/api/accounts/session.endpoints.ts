import { defineEndpoint } from '#api/http'
import { expiredSessionCookie, logIn, logOut, sessionCookie } from './session'
import { toUserDto } from './users'
import { loginSchema } from './auth.schemas'

export const sessionEndpoints = [
  defineEndpoint('get', '/user', { role: 'family', signedInReplay: {} }, async ({ user }) => toUserDto(user)),

  defineEndpoint('post', '/login', { role: 'public', hashesPassword: true, body: loginSchema }, async ({ req, body }) => {
    const { user, token } = await logIn(req, body)
    return Response.json(toUserDto(user), { headers: { 'Set-Cookie': sessionCookie(req, token) } })
  }),

  // Signed out already is fine: the answer is the same and the cookie is cleared either way.
  defineEndpoint('post', '/logout', { role: 'public' }, async ({ req, user }) => {
    await logOut(req, user)
    return Response.json({ message: 'Logged out' }, { headers: { 'Set-Cookie': expiredSessionCookie(req) } })
  }),
]
