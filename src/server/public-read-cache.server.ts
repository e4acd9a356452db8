/**
 * The fast path of public reads: answers that are a pure function of in-memory caches (the
 * class list, the published site texts) are replayed by the router before a Payload request
 * is built, which costs more than the read itself (session, i18n, query parsing, CORS).
 *
 * The contract declares such reads where it defines them (`servedFromMemory` of
 * defineEndpoint, src/api/http.ts, fills the registry below at boot): the path, the memo caches
 * the answer is made from, and which query strings it answers from them alone. src/server never
 * imports the contract: it only reads the registry.
 *
 * The first such request after a change goes the normal way, through Payload, and what it sent
 * (status 200, every header, the body) is kept, tagged with the generations of those caches
 * (./memo-cache.server.ts). Identical requests get that answer byte for byte until one of the
 * caches is dropped: by a collection hook, by another process over the cache bus, or by the
 * flush after the bus was down. So the fast path never invalidates anything of its own and is
 * never fresher or staler than the caches themselves. With a cold cache (after a change, or
 * the database away) the request goes the normal way and its answer, 503 included, is Payload's.
 *
 * Only requests whose answer cannot depend on who asks are replayed: GET, no session cookie,
 * no Authorization header, and no Origin or one of ours (Payload's CORS headers depend on the
 * Origin, so it is part of the key).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'

import { cacheGeneration } from './memo-cache.server'
import { carriesSessionCookie } from './session-cookie.server'

export type PublicReadDeclaration = {
  /** Names of the memo caches (createMemoCache) the answer is made from. */
  caches: readonly string[]
  /**
   * The variant of the answer these query parameters ask for (the same string for queries that
   * parse alike), or null when they are not answered from those caches alone.
   */
  variantOf(params: URLSearchParams): string | null
}

/** Where the router mounts the contract: `/classes` of the contract is `/api/classes`. */
const MOUNT = '/api'

type Registry = Map<string, PublicReadDeclaration>
const KEY = Symbol.for('academy.public-reads')
// Several bundles of this source share one process (see ./memo-cache.server.ts).
const registry = ((globalThis as unknown as Record<symbol, Registry | undefined>)[KEY] ??= new Map())

/** Declares a contract GET (path as in defineEndpoint, e.g. `/classes`) answerable from memory. */
export function registerPublicRead(path: string, declaration: PublicReadDeclaration): void {
  registry.set(`${MOUNT}${path}`, declaration)
}

export type SentAnswer = { status: number; headers: Record<string, string | string[]>; body: Buffer }

/** A sent answer as it is kept: its headers as one flat [name, value, …] list, written in one go. */
export type KeptAnswer = { status: number; head: string[]; body: Buffer }

export function keptAnswer(sent: SentAnswer): KeptAnswer {
  const head: string[] = []
  for (const [name, value] of Object.entries(sent.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) head.push(name, one)
  }
  return { status: sent.status, head, body: sent.body }
}

export type PublicReadTicket = {
  /** The kept answer, when there is a current one. */
  answer: KeptAnswer | null
  /** Offers what the normal path sent for this request; kept only if still current. */
  keep(sent: SentAnswer): void
  /** Called once the normal path is over, whether it sent an answer or not (releases who waits for it). */
  done?(): void
}

/** Distinct queries (as parsed) and Origins kept per path: enough for every age group filter. */
const MAX_VARIANTS = 64

function generationOf(declaration: PublicReadDeclaration): number {
  // Generations only grow, so their sum changes whenever any one of them does.
  let sum = 0
  for (const name of declaration.caches) sum += cacheGeneration(name)
  return sum
}

function anonymous(headers: IncomingHttpHeaders): boolean {
  return headers.authorization === undefined && !carriesSessionCookie(headers.cookie)
}

/** The ticket of a kept answer: nothing more to keep. */
const keepNothing = () => {}

export function createPublicReadCache(options: { allowedOrigins: readonly string[] }) {
  // Per path: the caches' generation its answers were made at, and per variant the ticket of a
  // kept answer, made once (a hit allocates nothing).
  const kept = new Map<string, { generation: number; tickets: Map<string, PublicReadTicket> }>()

  /** A ticket for a request the fast path may answer, or null when it must go the normal way. */
  function open(req: IncomingMessage, pathname: string, search: string): PublicReadTicket | null {
    if (req.method !== 'GET') return null
    const declaration = registry.get(pathname)
    if (!declaration) return null
    if (!anonymous(req.headers)) return null
    const origin = req.headers.origin
    if (origin !== undefined && !options.allowedOrigins.includes(origin)) return null
    const query = search === '' ? '' : declaration.variantOf(new URLSearchParams(search))
    if (query === null) return null

    const generation = generationOf(declaration)
    let entry = kept.get(pathname)
    if (!entry || entry.generation !== generation) {
      entry = { generation, tickets: new Map() }
      kept.set(pathname, entry)
    }
    const variant = `${origin ?? ''} ${query}`
    const tickets = entry.tickets
    return (
      tickets.get(variant) ?? {
        answer: null,
        keep(sent) {
          // A cache dropped while this request ran may have given it rows from before the change.
          if (generationOf(declaration) !== generation) return
          if (sent.status !== 200 || 'set-cookie' in sent.headers) return
          // Full: the oldest variant makes room, so odd queries cannot crowd the real filters out.
          if (tickets.size >= MAX_VARIANTS && !tickets.has(variant)) tickets.delete(tickets.keys().next().value!)
          tickets.set(variant, { answer: keptAnswer(sent), keep: keepNothing })
        },
      }
    )
  }

  return { open }
}

/**
 * Sends a kept answer exactly as the normal path sent it, with this request's id. Written in one
 * `writeHead` on a response with no header set before, it takes Node's fast path.
 */
export function replay(res: ServerResponse, answer: KeptAnswer, requestId: string): void {
  res.writeHead(answer.status, ['x-request-id', requestId].concat(answer.head))
  res.end(answer.body)
}

/** A JSON answer built once (a probe's), to be replayed: its body and every header. */
export function jsonAnswer(headers: Record<string, string>, status: number, body: unknown): KeptAnswer {
  const text = Buffer.from(JSON.stringify(body))
  const head = Object.entries({ ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': String(text.length) }).flat()
  return { status, head, body: text }
}
