import { badInput } from '../errors'
import { defineEndpoint } from '../http'
import { listClassesJson } from '../operations/classes'
import { isValidAgeGroup } from '../schemas/classes'

export const classEndpoints = [
  defineEndpoint('get', '/classes', async (req) => {
    const ageGroup = req.searchParams.get('ageGroup')?.trim() || undefined
    if (ageGroup && !isValidAgeGroup(ageGroup)) throw badInput('Age group must look like "6-8" or "18+"')
    const body = await listClassesJson(req.payload, ageGroup)
    return new Response(body, { headers: { 'Content-Type': 'application/json' } })
  }),
]
