import type { Endpoint, PayloadRequest } from 'payload'
import type { z } from 'zod'

import type { User } from '#cms/payload-types'
import { CONTRACT_PREFIX } from '#server/contract-prefix.server'
import type { MemoCache } from '#server/memo-cache.server'
import { registerPasswordHashing } from '#server/password-hashing.server'
import { registerPublicRead } from '#server/public-read-cache.server'
import { registerSignedInRead } from '#server/signed-in-read-cache.server'
import { isAdminUser, isTeacherUser, isViewOnlyGuardian, VIEW_ONLY_MESSAGE } from '#shared/roles'

import { AUTH_UNAVAILABLE } from '#cms/collections/Users/auth/cachedJwtStrategy'
import { badInput, forbidden, notFound, toErrorResponse, unauthenticated, unavailable } from '#api/errors'
import { NO_SUCH_RECORD, recordIdOf } from '#api/lib/id.schemas'

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete'
type Result = Response | object | null | undefined | void

/**
 * Who may call an endpoint, checked before anything else is read:
 * - `public`: anyone; `user` is the signed-in account or null;
 * - `family`: any signed-in account (a family's own data; an administrator is one too);
 * - `teacher`: a teacher or an administrator;
 * - `admin`: administrators only.
 * Signed out is 401, signed in without the role is 403.
 */
export type Role = 'public' | 'family' | 'teacher' | 'admin'

type SchemaOption = z.ZodType | ((user: User | null) => z.ZodType)
type Parsed<S> = S extends (user: User | null) => infer T ? (T extends z.ZodType ? z.infer<T> : never) : S extends z.ZodType ? z.infer<S> : undefined

export type EndpointOptions<R extends Role, B extends SchemaOption | undefined, Q extends SchemaOption | undefined> = {
  role: R
  /** The JSON body's schema (or one chosen by the caller's role). */
  body?: B
  /** The query string's schema, given the parameters as a plain object of strings. */
  query?: Q
  /**
   * A public GET whose answer is made from these in-memory caches alone, whoever asks: the
   * router replays it without building a Payload request until one of them is invalidated
   * (src/server/public-read-cache.server.ts). `query` names the parameters the answer may
   * depend on; a request with any other parameter, one twice, or one the query schema refuses
   * goes the normal way.
   */
  servedFromMemory?: R extends 'public' ? { caches: readonly MemoCache<unknown>[]; query?: readonly string[] } : never
  /**
   * A family's GET whose answer depends only on who asks, the records and the clock: the router
   * replays it to the same account while nothing is written, for at most two seconds
   * (src/server/signed-in-read-cache.server.ts, docs/decisions/019). `query` as above.
   */
  signedInReplay?: R extends 'family' ? { query?: readonly string[] } : never
  /**
   * A family's change that a view-and-attendance guardian may make too (decisions §23): reporting
   * an absence, their own profile, password and notices, leaving the household. Every other
   * family change refuses them with 403, so a new endpoint is closed to them until it says so.
   */
  viewGuardians?: R extends 'family' ? true : never
  /**
   * A change that may hash a password (login, registration, a password set or checked, an account
   * made on the way): the router runs it through its password-hashing gate, so a flood of them
   * queues instead of taking every core (src/server/password-hashing.server.ts). Declared here,
   * where the endpoint is defined, never in a list of paths kept elsewhere.
   */
  hashesPassword?: true
}

export type EndpointContext<R extends Role, B, Q> = {
  req: PayloadRequest
  user: R extends 'public' ? User | null : User
  body: Parsed<B>
  query: Parsed<Q>
}

/** A path parameter that names a record: `id`, or a name ending in `Id`. Every other one (`:key`, `:file`) is text. */
const RECORD_ID_PARAM = /^(?:id|[a-z][A-Za-z]*Id)$/

/** The record-id parameters of a path pattern, in order. */
export function pathIdNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!).filter((name) => RECORD_ID_PARAM.test(name))
}

/** What an endpoint declared: its path's record ids and its schemas (the id sweep reads them: tests/int/id-sweep.int.test.ts). */
export type EndpointDeclaration = { method: Method; path: string; role: Role; idParams: string[]; body?: SchemaOption; query?: SchemaOption }
const declarations = new WeakMap<Endpoint, EndpointDeclaration>()

export function declarationOf(endpoint: Endpoint): EndpointDeclaration | undefined {
  return declarations.get(endpoint)
}

const ROLE_CHECKS: Record<Exclude<Role, 'public' | 'family'>, { allows: (user: User) => boolean; message: string }> = {
  teacher: { allows: (user) => isTeacherUser(user) || isAdminUser(user), message: 'This page is for the academy’s teachers.' },
  admin: { allows: isAdminUser, message: 'You do not have administrator privileges.' },
}

/** The caller as the role requires, or the refusal (401 signed out, 403 without the role). */
function authorise(req: PayloadRequest, role: Role, changeOpenToViewers: boolean): User | null {
  const user = (req.user as User | null) ?? null
  if (role === 'public') return user
  if (!user) throw req.context?.[AUTH_UNAVAILABLE] ? unavailable() : unauthenticated()
  if (role === 'family') {
    if (!changeOpenToViewers && isViewOnlyGuardian(user)) throw forbidden(VIEW_ONLY_MESSAGE)
    return user
  }
  const check = ROLE_CHECKS[role]
  if (!check.allows(user)) throw forbidden(check.message)
  return user
}

/** A body schema chosen by the caller's role: administrators may send fields families may not. */
export function schemaByRole<F extends z.ZodType, A extends z.ZodType>(family: F, admin: A): (user: User | null) => F | A {
  return (user) => (isAdminUser(user) ? admin : family)
}

function schemaFor(option: SchemaOption, user: User | null): z.ZodType {
  return typeof option === 'function' ? option(user) : option
}

/**
 * A contract endpoint: the role is declared, the body and query are parsed with their shared
 * schemas, and the handler returns data (sent as JSON) or a Response. Anything thrown becomes
 * the `{message}` answer of decisions §1; no endpoint writes its own try/catch.
 */
export function defineEndpoint<R extends Role, B extends SchemaOption | undefined = undefined, Q extends SchemaOption | undefined = undefined>(
  method: Method,
  path: string,
  options: EndpointOptions<R, B, Q>,
  handler: (context: EndpointContext<R, B, Q>) => Promise<Result>,
): Endpoint {
  const idNames = pathIdNames(path)
  if (options.servedFromMemory) {
    if (method !== 'get' || options.role !== 'public') throw new Error(`${method} ${path}: only a public GET can be served from memory`)
    registerPublicRead(path, {
      caches: options.servedFromMemory.caches.map((cache) => cache.name),
      variantOf: variantsOf(options.servedFromMemory.query, options.query),
    })
  }
  if (options.signedInReplay) {
    if (method !== 'get' || options.role !== 'family') throw new Error(`${method} ${path}: only a family's GET can be replayed to its reader`)
    registerSignedInRead(path, variantsOf(options.signedInReplay.query, options.query))
  }
  if (options.hashesPassword) {
    if (method === 'get') throw new Error(`${method} ${path}: a GET never hashes a password (the gate lets reads through)`)
    registerPasswordHashing(path)
  }
  const endpoint: Endpoint = {
    method,
    path: `${CONTRACT_PREFIX}${path}`,
    handler: async (req) => {
      try {
        const user = authorise(req, options.role, method === 'get' || options.viewGuardians === true)
        // Every record id of the path is checked before anything else reads it: no endpoint can forget.
        for (const name of idNames) idParam(req, name)
        const query = options.query ? parseInput(schemaFor(options.query, user), Object.fromEntries(req.searchParams ?? [])) : undefined
        const body = options.body ? await readBody(req, schemaFor(options.body, user)) : undefined
        const result = await handler({ req, user, body, query } as EndpointContext<R, B, Q>)
        if (result instanceof Response) return result
        if (result === undefined || result === null) return new Response(null, { status: 204 })
        return Response.json(result)
      } catch (error) {
        return toErrorResponse(error)
      }
    },
  }
  declarations.set(endpoint, { method, path, role: options.role, idParams: idNames, body: options.body, query: options.query })
  return endpoint
}

/**
 * The variant of a kept answer that a query string asks for: requests that parse alike share one
 * (the handler answers from the parsed query); null for a parameter not named, one given twice,
 * or one the query schema refuses, which go the normal way.
 */
function variantsOf(parameters: readonly string[] | undefined, querySchema: SchemaOption | undefined): (params: URLSearchParams) => string | null {
  const names = new Set(parameters ?? [])
  return (params) => {
    const keys = [...params.keys()]
    if (!keys.every((key) => names.has(key)) || new Set(keys).size !== keys.length) return null
    if (!querySchema) return keys.length === 0 ? '' : null
    const parsed = schemaFor(querySchema, null).safeParse(Object.fromEntries(params))
    return parsed.success ? JSON.stringify(parsed.data) : null
  }
}

/** Said when a body or a query string carries a NUL, which no text of the academy may hold. */
export const NUL_MESSAGE = 'Text cannot contain a NUL character (an invisible control character). Please remove it and try again.'

/** Whether any string of a parsed body or query (a key too) holds a NUL: PostgreSQL stores none. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 64 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1))
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1))
}

/** Refuses a value holding a NUL anywhere with NUL_MESSAGE (a 400): for the bodies that are not JSON, such as a multipart form's fields. */
export function refuseNul(raw: unknown): void {
  if (holdsNul(raw)) throw badInput(NUL_MESSAGE)
}

/**
 * Every body and query of the contract passes here: a NUL is refused once, for every form
 * (register, students, profile, care, a reply, a signature…), before any schema or query sees it.
 */
function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  refuseNul(raw)
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
    throw badInput(errors[0]?.message ?? 'Invalid input', errors)
  }
  return parsed.data
}

/** Reads the JSON body (the router has already refused anything over its size limit) and validates it. */
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
  return parseInput(schema, raw)
}

/**
 * A record id of the path (the one id rule, `recordIdOf`), or a 404: an id that cannot exist is
 * simply not found. `defineEndpoint` checks every `:id` and `:…Id` of its path this way before the handler runs.
 */
export function idParam(req: PayloadRequest, name = 'id'): number {
  const id = recordIdOf(String(req.routeParams?.[name] ?? ''))
  if (id === null) throw notFound(NO_SUCH_RECORD)
  return id
}

export function stringParam(req: PayloadRequest, name: string): string {
  return String(req.routeParams?.[name] ?? '')
}
