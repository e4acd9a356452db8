/**
 * The fast path of a family's signed-in reads (docs/decisions/019): the dashboard's calls
 * (`/api/user`, `/api/students`, a student's enrollments, the statement…) are answered from
 * memory, to the same account, while nothing has been written to the database since the answer
 * was made, for at most TTL_MS.
 *
 * - The contract declares which reads may be kept (`signedInReplay` of defineEndpoint,
 *   src/api/http.ts, fills the registry at boot); src/server never imports the contract.
 * - Who asks is confirmed from memory by the session strategy's own rules (the token, its CSRF
 *   conditions, a cached active user holding that session: `installSessionReader`, from
 *   cms/collections/Users/auth/cachedJwtStrategy.ts). When it cannot be confirmed so, the request
 *   goes the normal way, which authorises it and fills the user cache.
 * - An answer is kept only for its account, only if its status is 200 with no Set-Cookie, and
 *   only if no write completed while it was made (./records-generation.server.ts counts every
 *   write on Payload's pool and, over the cache bus, those of other processes). Any later write
 *   drops every kept answer; so does the time limit, for what depends on the clock alone (an
 *   offer lapsing, the academy's day turning).
 * - When a kept answer has lapsed, the first request makes it again and the same account's other
 *   requests for it wait for that answer instead of each making their own (ADR 021).
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'

import { createAnswerFlights } from './answer-flights.server'
import { keptAnswer, type KeptAnswer, type PublicReadTicket } from './public-read-cache.server'
import { recordsGeneration } from './records-generation.server'
import { carriesSessionCookie } from './session-cookie.server'

/** The part of the Fetch API's Headers the session check reads. */
export type HeaderReader = { get(name: string): string | null }

/** How long a kept answer may be replayed when nothing is written meanwhile. */
export const SIGNED_IN_REPLAY_TTL_MS = 2_000
/** Kept answers at most (accounts × reads); the oldest leave first. */
const MAX_ANSWERS = 10_000

type Declaration = { pattern: RegExp; variantOf(params: URLSearchParams): string | null }
type Registry = { reads: Map<string, Declaration>; sessionReader: ((headers: HeaderReader) => Promise<number | null>) | null }
const KEY = Symbol.for('academy.signed-in-reads')
// Several bundles of this source share one process (see ./memo-cache.server.ts).
const registry = ((globalThis as unknown as Record<symbol, Registry | undefined>)[KEY] ??= { reads: new Map(), sessionReader: null })

/** Where the router mounts the contract: `/students` of the contract is `/api/students`. */
const MOUNT = '/api'

/** A contract path with `:name` segments as a pattern matching one segment of digits each. */
function patternOf(path: string): RegExp {
  const segments = `${MOUNT}${path}`.split('/').map((segment) => (segment.startsWith(':') ? '\\d{1,9}' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^${segments.join('/')}$`)
}

/** Declares a contract GET (path as in defineEndpoint, e.g. `/students/:id/enrollments`) whose answer may be replayed to its reader. */
export function registerSignedInRead(path: string, variantOf: Declaration['variantOf']): void {
  registry.reads.set(path, { pattern: patternOf(path), variantOf })
}

/** The contract paths declared replayable (for the test that checks what they read). */
export function signedInReadPaths(): string[] {
  return [...registry.reads.keys()]
}

/** Installs how a request's account is confirmed from memory (null: not confirmed, go the normal way). */
export function installSessionReader(reader: Registry['sessionReader']): void {
  registry.sessionReader = reader
}

function declarationFor(pathname: string): Declaration | undefined {
  for (const declaration of registry.reads.values()) if (declaration.pattern.test(pathname)) return declaration
  return undefined
}

function headerReader(headers: IncomingHttpHeaders): HeaderReader {
  return {
    get(name) {
      const value = headers[name.toLowerCase()]
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
    },
  }
}

type Kept = { at: number; answer: KeptAnswer }

export function createSignedInReadCache(options: { allowedOrigins: readonly string[] }) {
  const kept = new Map<string, Kept>()
  const flights = createAnswerFlights()
  let keptGeneration = recordsGeneration()

  /** A ticket for a signed-in read that may be replayed, or null when it must go the normal way. */
  async function open(req: IncomingMessage, pathname: string, search: string): Promise<PublicReadTicket | null> {
    if (req.method !== 'GET' || !registry.sessionReader) return null
    // Only sessions of the browser: an API key or bearer token goes the normal way.
    if (req.headers.authorization !== undefined || !carriesSessionCookie(req.headers.cookie)) return null
    const declaration = declarationFor(pathname)
    if (!declaration) return null
    const origin = req.headers.origin
    if (origin !== undefined && !options.allowedOrigins.includes(origin)) return null
    const variant = search === '' ? '' : declaration.variantOf(new URLSearchParams(search))
    if (variant === null) return null

    // Taken first: a write completed after this point keeps the answer being made from being kept.
    const generation = recordsGeneration()
    const startedAt = Date.now()
    const account = await registry.sessionReader(headerReader(req.headers))
    if (account === null) return null
    if (generation !== keptGeneration) {
      kept.clear()
      keptGeneration = generation
    }
    const key = `${account} ${origin ?? ''} ${pathname} ${variant}`
    const entry = kept.get(key)
    if (entry && startedAt - entry.at < SIGNED_IN_REPLAY_TTL_MS) return { answer: entry.answer, keep() {} }
    // The same read already being made for this account: its answer, when it is kept (./answer-flights.server.ts).
    const shared = await flights.join(key, generation)
    if (shared) return { answer: shared, keep() {} }
    const flight = flights.start(key, generation)
    return {
      answer: null,
      keep(sent) {
        if (recordsGeneration() !== generation || keptGeneration !== generation) return flight?.settle(null)
        if (sent.status !== 200 || 'set-cookie' in sent.headers) return flight?.settle(null)
        if (kept.size >= MAX_ANSWERS) kept.delete(kept.keys().next().value!)
        const answer = keptAnswer(sent)
        kept.set(key, { at: startedAt, answer })
        flight?.settle(answer)
      },
      done: () => flight?.settle(null),
    }
  }

  return { open }
}
