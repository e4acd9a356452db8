import type { Endpoint } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import type { User } from '#cms/payload-types'
import { contractEndpoints } from '#api/contract'
import { declarationOf, type EndpointDeclaration } from '#api/http'
import { NO_SUCH_RECORD } from '#api/lib/id.schemas'
import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient, type ApiResponse } from '#tests/support/client'

/**
 * Every id the server reads is bounded (issue "round three"): a path's `:id`, a query's
 * `?classId=`, a body's `studentId` or `classIds`. The endpoints and their schemas are taken from
 * the contract's declarations (a new endpoint is swept too). Each id slot gets ids at and past
 * PostgreSQL's integer, and ids that are no numbers: none may reach a query (a 500 before), a path
 * id that names no record is a 404, a query or body id is a 400 naming the field.
 */
let app: TestApp
let admin: ApiClient
let family: ApiClient

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
})
afterAll(async () => {
  await app?.close()
})

/** Ids no record has, as a path or a query string spells them. */
const BAD_ID_TEXTS = ['2147483648', '1e15', '9999999999', '99999999999999999999', '0', '-1', '1.5', 'abc', '0x10']
/** The same in a JSON body. */
const BAD_ID_VALUES: unknown[] = [2_147_483_648, 1e15, 0, -1, 1.5, '2147483648', '1e15', 'abc', '0x10', true]
/** The largest id there is: a well-formed id, of no record here. */
const LAST_ID = '2147483647'

const ADMIN_SUBJECT = { id: 1, isAdmin: true } as User
const FAMILY_SUBJECT = { id: 2, isAdmin: false } as User

type Slot = { path: (string | number)[]; list: boolean; build: (value: unknown) => unknown }
type Probe = { label: string; send: () => Promise<ApiResponse>; check: (res: ApiResponse) => string | null }

const isRecordIdNode = (schema: z.ZodType) => (z.globalRegistry.get(schema) as { recordId?: boolean } | undefined)?.recordId === true
const typeOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: { type: string } } })._zod.def.type
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def

/** Keys whose name says they hold a record's id (and so must use the shared schema). */
const ID_NAME = /^(?:id|[a-z][A-Za-z]*Ids?)$/
/** Ids of Stripe's objects (`pi_…`, `seti_…`, `price_…`), no records of ours. */
const STRIPE_IDS = new Set(['paymentIntentId', 'transactionId', 'setupIntentId', 'subscriptionPriceId'])

/**
 * Every place of a schema that reads a record id, with a way to build an input holding a value
 * there (the literal fields of each object on the way, such as a union's `kind`, included), and
 * the id-named keys that do not use the shared schema.
 */
function idSlots(schema: z.ZodType): { slots: Slot[]; unshared: Slot[] } {
  const slots: Slot[] = []
  const unshared: Slot[] = []
  const walk = (node: z.ZodType, path: (string | number)[], build: (value: unknown) => unknown, depth: number): boolean => {
    if (depth > 12) return false
    if (isRecordIdNode(node)) {
      slots.push({ path, list: typeOf(node) === 'pipe' && typeOf(defOf(node).in as z.ZodType) === 'string', build })
      return true
    }
    const def = defOf(node)
    switch (typeOf(node)) {
      case 'object': {
        const shape = (node as z.ZodObject).shape as Record<string, z.ZodType>
        const literals = Object.fromEntries(
          Object.entries(shape)
            .filter(([, field]) => typeOf(field) === 'literal')
            .map(([key, field]) => [key, (defOf(field).values as unknown[])[0]]),
        )
        for (const [key, field] of Object.entries(shape)) {
          const fieldBuild = (value: unknown) => build({ ...literals, [key]: value })
          const found = walk(field, [...path, key], fieldBuild, depth + 1)
          // A field accepted and ignored (`z.unknown()`) reads nothing.
          const ignored = ['unknown', 'any'].includes(typeOf(unwrapped(field)))
          if (ID_NAME.test(key) && !found && !ignored && !STRIPE_IDS.has(key))
            unshared.push({ path: [...path, key], list: key.endsWith('Ids'), build: fieldBuild })
        }
        return false
      }
      case 'array':
        return walk(def.element as z.ZodType, [...path, 0], (value) => build([value]), depth + 1)
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        return walk(def.innerType as z.ZodType, path, build, depth + 1)
      case 'pipe':
        return [walk(def.in as z.ZodType, path, build, depth + 1), walk(def.out as z.ZodType, path, build, depth + 1)].some(Boolean)
      case 'union':
        return (def.options as z.ZodType[]).map((option) => walk(option, path, build, depth + 1)).some(Boolean)
      case 'intersection':
        return [walk(def.left as z.ZodType, path, build, depth + 1), walk(def.right as z.ZodType, path, build, depth + 1)].some(Boolean)
      case 'lazy':
        return walk((def.getter as () => z.ZodType)(), path, build, depth + 1)
      default:
        return false
    }
  }
  walk(schema, [], (value) => value, 0)
  return { slots, unshared }
}

/** A field's schema without its optional, nullable and default wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  const inner = defOf(schema).innerType as z.ZodType | undefined
  return inner ? unwrapped(inner) : schema
}

const schemaOf = (option: EndpointDeclaration['body'], user: User) => (option === undefined ? undefined : typeof option === 'function' ? option(user) : option)
const apiPath = (declaration: EndpointDeclaration, ids: Record<string, string>) =>
  `/api${declaration.path.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name] ?? `${name}-1`)}`

/** No failure of ours (a 503 of a service not set up, card payments here, says so), and a refusal says why. */
function answered(_slot: Slot | null, res: ApiResponse): string | null {
  if (res.status >= 500 && res.status !== 503) return `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`
  if (res.status >= 400 && (typeof res.body?.message !== 'string' || !res.body.message)) return `${res.status} without a message`
  return null
}

/** A 400 whose errors name the id's field: the shared schema refused it before anything read it. */
function refusedAt(slot: Slot, res: ApiResponse): string | null {
  const unanswered = answered(slot, res)
  if (unanswered) return unanswered
  const field = slot.path.join('.')
  const errors = (res.body.errors ?? []) as Array<{ path: string }>
  if (res.status !== 400 || !errors.some((error) => error.path === field))
    return `${res.status} ${JSON.stringify(res.body).slice(0, 200)}: not refused at ${field}`
  return null
}

/** The calls that put a bad id in each id slot of an endpoint, for one caller. */
function probesOf(declaration: EndpointDeclaration, client: ApiClient, subject: User, { few = false } = {}): Probe[] {
  const texts = few ? BAD_ID_TEXTS.slice(0, 3) : BAD_ID_TEXTS
  const values = few ? BAD_ID_VALUES.slice(0, 3) : BAD_ID_VALUES
  const method = declaration.method.toUpperCase()
  const wellFormed = Object.fromEntries(declaration.idParams.map((name) => [name, LAST_ID]))
  const probes: Probe[] = []
  for (const name of declaration.idParams) {
    for (const bad of texts) {
      const path = apiPath(declaration, { ...wellFormed, [name]: bad })
      probes.push({
        label: `${method} ${path}`,
        send: () => client.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}),
        check: (res) =>
          res.status === 404 && res.body?.message === NO_SUCH_RECORD
            ? null
            : `${res.status} ${JSON.stringify(res.body).slice(0, 200)}: not the 404 of no record`,
      })
    }
  }
  const path = apiPath(declaration, wellFormed)
  if (declaration.idParams.length > 0)
    // At the limit: a well-formed id of no record reaches the rules, which answer it (404, 400…) without a 5xx.
    probes.push({
      label: `${method} ${path}`,
      send: () => client.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}),
      check: (res) => answered(null, res),
    })
  const slotsOf = (schema: z.ZodType | undefined) => {
    const { slots, unshared } = schema ? idSlots(schema) : { slots: [], unshared: [] }
    return [...slots.map((slot) => ({ slot, check: refusedAt })), ...unshared.map((slot) => ({ slot, check: answered }))]
  }
  for (const { slot, check } of slotsOf(schemaOf(declaration.query, subject))) {
    const key = String(slot.path[0])
    for (const bad of [...texts, ...(slot.list ? ['12,2147483648', '12,1e15', '12,,14'] : [])]) {
      const url = `${path}?${new URLSearchParams({ [key]: bad })}`
      probes.push({ label: `${method} ${url}`, send: () => client.request(method, url), check: (res) => check(slot, res) })
    }
  }
  for (const { slot, check } of slotsOf(schemaOf(declaration.body, subject))) {
    for (const bad of values) {
      const sent = slot.build(slot.list ? String(bad) : bad)
      probes.push({ label: `${method} ${path} ${JSON.stringify(sent)}`, send: () => client.request(method, path, sent), check: (res) => check(slot, res) })
    }
  }
  return probes
}

const declared = contractEndpoints.map((endpoint: Endpoint) => ({ endpoint, declaration: declarationOf(endpoint) }))
const declarations = declared.flatMap(({ declaration }) => (declaration ? [declaration] : []))

describe('every id the server reads is bounded', () => {
  it('finds every contract endpoint declared, and id slots in paths, queries and bodies', () => {
    expect(declared.filter(({ declaration }) => !declaration).map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`)).toEqual([])
    const probes = declarations.flatMap((declaration) => probesOf(declaration, admin, ADMIN_SUBJECT))
    expect(probes.filter((probe) => probe.label.includes('?')).length).toBeGreaterThan(10)
    expect(probes.filter((probe) => probe.label.includes('{')).length).toBeGreaterThan(100)
  })

  it('reads every id-named field of every body and query with the one id schema', () => {
    const unshared = declarations.flatMap((declaration) =>
      [ADMIN_SUBJECT, FAMILY_SUBJECT].flatMap((subject) =>
        [schemaOf(declaration.body, subject), schemaOf(declaration.query, subject)].flatMap((schema) =>
          schema ? idSlots(schema).unshared.map((slot) => `${declaration.method} ${declaration.path}: ${slot.path.join('.')}`) : [],
        ),
      ),
    )
    expect([...new Set(unshared)]).toEqual([])
  })

  for (const declaration of declarations) {
    const probesFor = () => [
      ...probesOf(declaration, admin, ADMIN_SUBJECT),
      // A family reads the family's schema (schemaByRole) and goes its own way through the rules: the first few ids suffice.
      ...(declaration.role === 'family' || declaration.role === 'public' ? probesOf(declaration, family, FAMILY_SUBJECT, { few: true }) : []),
    ]
    const hasSlots = declaration.idParams.length > 0 || declaration.body !== undefined || declaration.query !== undefined
    if (!hasSlots) continue
    it(`${declaration.method.toUpperCase()} ${declaration.path} refuses ids at and past the database's limits without a 5xx`, async () => {
      const failures: string[] = []
      for (const probe of probesFor()) {
        const problem = probe.check(await probe.send())
        if (problem) failures.push(`${probe.label}: ${problem}`)
      }
      expect(failures).toEqual([])
    })
  }
})
