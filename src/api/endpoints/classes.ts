import { requireAdmin } from '../auth'
import { badInput } from '../errors'
import { defineEndpoint, idParam, readBody } from '../http'
import { createClass, deleteClass, listClassesJson, updateClass } from '../operations/classes'
import { classInputSchema, classUpdateSchema, isValidAgeGroup } from '../schemas/classes'

export const classEndpoints = [
  defineEndpoint('get', '/classes', async (req) => {
    const ageGroup = req.searchParams.get('ageGroup')?.trim() || undefined
    if (ageGroup && !isValidAgeGroup(ageGroup)) throw badInput('Age group must look like "6-8" or "18+"')
    const body = await listClassesJson(req.payload, ageGroup)
    return new Response(body, { headers: { 'Content-Type': 'application/json' } })
  }),

  defineEndpoint('post', '/classes', async (req) => {
    requireAdmin(req)
    const created = await createClass(req, await readBody(req, classInputSchema))
    return Response.json(created, { status: 201 })
  }),

  defineEndpoint('patch', '/classes/:id', async (req) => {
    requireAdmin(req)
    const id = idParam(req)
    return updateClass(req, id, await readBody(req, classUpdateSchema))
  }),

  defineEndpoint('delete', '/classes/:id', async (req) => {
    requireAdmin(req)
    const { name, removedEnrollments } = await deleteClass(req, idParam(req))
    return { message: `${name} has been deleted.`, removedEnrollments }
  }),
]
