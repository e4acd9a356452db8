import type { Endpoint, PayloadRequest } from 'payload'
import type { z } from 'zod'

import { badInput, toErrorResponse } from './errors'

/** The prefix under Payload's API route where the contract lives; server.ts maps /api/* onto it. */
export const CONTRACT_PREFIX = '/app'

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete'
type Result = Response | object | null | undefined | void

/**
 * A contract endpoint: the handler returns data (sent as JSON) or a Response; anything it
 * throws becomes the `{message}` answer of decisions §1. No endpoint writes its own try/catch.
 */
export function defineEndpoint(method: Method, path: string, handler: (req: PayloadRequest) => Promise<Result>): Endpoint {
  return {
    method,
    path: `${CONTRACT_PREFIX}${path}`,
    handler: async (req) => {
      try {
        const result = await handler(req)
        if (result instanceof Response) return result
        if (result === undefined || result === null) return new Response(null, { status: 204 })
        return Response.json(result)
      } catch (error) {
        return toErrorResponse(error)
      }
    },
  }
}

/** Reads the JSON body (server.ts has already refused anything over 1 MB) and validates it. */
export async function readBody<S extends z.ZodType>(req: PayloadRequest, schema: S): Promise<z.infer<S>> {
  let raw: unknown = {}
  const text = req.text ? await req.text() : ''
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text)
    } catch {
      throw badInput('The request body is not valid JSON.')
    }
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
    throw badInput(errors[0]?.message ?? 'Invalid input', errors)
  }
  return parsed.data
}

/** A positive integer route parameter, or a 404 (an id that cannot exist is simply not found). */
export function idParam(req: PayloadRequest, name = 'id'): number {
  const value = String(req.routeParams?.[name] ?? '')
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw badInput(`Invalid ${name}.`)
  return Number(value)
}

export function stringParam(req: PayloadRequest, name: string): string {
  return String(req.routeParams?.[name] ?? '')
}
