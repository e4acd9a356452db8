import { defineEndpoint, idParam } from '#api/http'
import { catalogueCache, createClass, deleteClass, listClassesJson, listTeacherOptions, updateClass } from './classes'
import { classInputSchema, classListQuerySchema, classUpdateSchema } from './schemas'

export const classEndpoints = [
  // The same list for everyone, signed in or not: served from memory by the router while current.
  defineEndpoint(
    'get',
    '/classes',
    { role: 'public', query: classListQuerySchema, servedFromMemory: { caches: [catalogueCache], query: ['ageGroup'] } },
    async ({ req, query }) => {
      const body = await listClassesJson(req.payload, query.ageGroup)
      return new Response(body, { headers: { 'Content-Type': 'application/json' } })
    },
  ),

  defineEndpoint('post', '/classes', { role: 'admin', body: classInputSchema }, async ({ req, user, body }) =>
    Response.json(await createClass(req, user, body), { status: 201 }),
  ),

  defineEndpoint('patch', '/classes/:id', { role: 'admin', body: classUpdateSchema }, async ({ req, user, body }) =>
    updateClass(req, user, idParam(req), body),
  ),

  defineEndpoint('delete', '/classes/:id', { role: 'admin' }, async ({ req, user }) => {
    const { name, removedEnrollments } = await deleteClass(req, user, idParam(req))
    return { message: `${name} has been deleted.`, removedEnrollments }
  }),

  // The class form's teacher select (decisions §14): teacher accounts are not public.
  defineEndpoint('get', '/admin/teachers', { role: 'admin' }, async ({ req }) => listTeacherOptions(req)),
]
