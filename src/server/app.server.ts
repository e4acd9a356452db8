import type { IncomingMessage, ServerResponse } from 'node:http'
import { availableParallelism } from 'node:os'

import { handleEndpoints, type SanitizedConfig } from 'payload'

import { type Authenticate, cmsRefusal, isCmsPath } from './cms-guard.server'
import { clientAddress } from './client-address.server'
import { ConcurrencyGate, GateFullError } from './concurrency-gate.server'
import { CONTRACT_PREFIX } from './contract-prefix.server'
import { crossOriginRefusal, STATE_CHANGING } from './cross-origin.server'
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER } from './database-unavailable.server'
import { BodyTooLargeError, readLimitedBody, sendFetchResponse, sendJson, toFetchHeaders } from './node-fetch-bridge.server'
import { createLogger, loggedPath, requestId, type Logger } from './logger.server'
import { hashesPassword } from './password-hashing.server'
import { createPublicReadCache, jsonAnswer, replay, type PublicReadTicket } from './public-read-cache.server'
import { createSignedInReadCache } from './signed-in-read-cache.server'
import { pageHeadersOn, visitorPage } from './visitor-page-cache.server'
import { keepPrivate } from './private-page.server'
import { normaliseRequestTarget, type RequestTarget } from './request-path.server'
import { carriesSessionCookie } from './session-cookie.server'
import { securityHeaders } from './security-headers.server'
import { ALLOWED_METHODS, METHOD_NOT_ALLOWED_MESSAGE, SERVED_METHODS, withCallerPath } from './unknown-route.server'

export const API_BODY_LIMIT = 1024 * 1024
/** Image uploads (hero image) may be up to 5 MB plus multipart overhead. */
export const UPLOAD_BODY_LIMIT = 6 * 1024 * 1024
/** The admin panel's requests, uploads included. */
export const CMS_BODY_LIMIT = UPLOAD_BODY_LIMIT

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>
type StaticHandler = (req: IncomingMessage, res: ServerResponse, pathname: string, headers: Record<string, string>) => boolean

export type AppOptions = {
  config: SanitizedConfig | Promise<SanitizedConfig>
  /** The Payload that answers, when the process booted more than one (bootPayload's `key`). */
  payloadKey?: string
  /** Origins whose browsers may change state (the public origin, plus loopback aliases in demo mode). */
  allowedOrigins: string[]
  https: boolean
  next?: NodeHandler
  astro?: NodeHandler
  serveStatic?: StaticHandler
  /** Reverse proxies of our own before the app: the client address is the X-Forwarded-For hop before them. */
  trustedProxies?: number
  /** Where password-hashing calls wait their turn (default: one fewer than the cores at once). */
  hashingGate?: ConcurrencyGate
  /** Resolves the session of a request (Payload's auth); used to keep Payload's REST and server functions for administrators. */
  authenticate?: Authenticate
  /** GET /readyz: whether this process can serve (database reachable, migrations applied). Without it, ready once started. */
  readiness?: () => Promise<boolean>
  /** Where request lines and unhandled errors go (default: JSON lines on stdout). */
  logger?: Logger
  /** One log line per request (LOG_REQUESTS). */
  logRequests?: boolean
}

/** First segments the router routes on: written in another case they are refused, not passed on. */
const ROUTED_SEGMENTS = ['api', 'cms', 'cms-api', '_next', 'healthz', 'readyz']
/** What the request log shows for a path refused before it was understood (it may carry anything). */
const REFUSED_PATH = '(refused path)'

export const HASHING_BUSY_MESSAGE = 'Too many sign-ins at this moment. Please try again in a few seconds.'

/** One core stays free for everything else, however many logins arrive; no login keeps its place past 10 s. */
function defaultHashingGate(): ConcurrencyGate {
  return new ConcurrencyGate(Math.max(1, availableParallelism() - 1), 200, 15_000, 10_000)
}

/** The one request router of the process (architecture: "The shape"). */
export function createApp(options: AppOptions) {
  const hashingGate = options.hashingGate ?? defaultHashingGate()
  /** Runs a request that hashes a password through the gate; a full line is a 503, not a pile-up. */
  async function throughGate(req: IncomingMessage, res: ServerResponse, pathname: string, handle: () => Promise<void>): Promise<void> {
    // Calls that hash a password (declared by their endpoints: ./password-hashing.server.ts).
    if (req.method === 'GET' || req.method === 'HEAD' || !hashesPassword(pathname)) return handle()
    try {
      await hashingGate.run(handle)
    } catch (error) {
      if (!(error instanceof GateFullError)) throw error
      sendJson(res, 503, { message: HASHING_BUSY_MESSAGE }, { ...apiHeaders, 'retry-after': '2' })
    }
  }
  const apiHeaders = securityHeaders({ https: options.https, area: 'api' })
  const pageHeaders = securityHeaders({ https: options.https, area: 'page' })
  const cmsHeaders = securityHeaders({ https: options.https, area: 'cms' })
  const assetHeaders = securityHeaders({ https: options.https, area: 'asset' })

  const publicReads = createPublicReadCache({ allowedOrigins: options.allowedOrigins })
  const withPageHeaders = pageHeadersOn(pageHeaders)
  const signedInReads = createSignedInReadCache({ allowedOrigins: options.allowedOrigins })

  /**
   * A kept answer for a GET of the contract (ADR 016, ADR 019), or the ticket to keep the one about
   * to be made. A visitor's read is decided from memory at once, with no promise; a family's waits
   * for its session to be confirmed from memory (when it cannot be, the request goes the normal
   * way, which answers for it).
   */
  function keptRead(req: IncomingMessage, pathname: string, search: string): PublicReadTicket | null | Promise<PublicReadTicket | null> {
    if (req.method !== 'GET') return null
    return publicReads.open(req, pathname, search) ?? signedInReads.open(req, pathname, search).catch(() => null)
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, pathname: string, search: string, reqId: string, ticket?: PublicReadTicket | null) {
    // Public reads made from in-memory caches, and a family's own reads while nothing has been
    // written: answered here while current, else kept on the way out.
    const kept = ticket === undefined ? await keptRead(req, pathname, search) : ticket
    if (kept?.answer) return replay(res, kept.answer, reqId)
    try {
      await answerApi(req, res, pathname, search, kept)
    } finally {
      kept?.done?.()
    }
  }

  async function answerApi(req: IncomingMessage, res: ServerResponse, pathname: string, search: string, kept: PublicReadTicket | null) {
    const refusal = crossOriginRefusal(req, options.allowedOrigins)
    if (refusal) return sendJson(res, 403, { message: refusal }, apiHeaders)
    const limit = pathname.toLowerCase().startsWith('/api/site-assets') ? UPLOAD_BODY_LIMIT : API_BODY_LIMIT
    const request = await fetchRequestOf(req, res, pathname, search, limit)
    if (!request) return
    const config = await options.config
    const internalPath = `${config.routes.api}${CONTRACT_PREFIX}${pathname.slice('/api'.length)}`
    await throughGate(req, res, pathname, async () => {
      const response = await withCallerPath(
        await handleEndpoints({ config, request, path: internalPath, payloadInstanceCacheKey: options.payloadKey }),
        internalPath,
        pathname,
      )
      await sendFetchResponse(res, response, { ...apiHeaders, 'cache-control': 'no-store' }, kept?.keep)
    })
  }

  /**
   * Payload's own sign-in, reset and user routes under /cms-api, answered as its Next route answers
   * them (handleEndpoints) but with the body read before the hashing gate: a client trickling its
   * body would otherwise hold the gate's place, and every login of the site would wait behind it.
   */
  async function answerPayloadHashing(req: IncomingMessage, res: ServerResponse, pathname: string, search: string) {
    const request = await fetchRequestOf(req, res, pathname, search, CMS_BODY_LIMIT)
    if (!request) return
    const config = await options.config
    await throughGate(req, res, pathname, async () => {
      await sendFetchResponse(res, await handleEndpoints({ config, request, path: pathname, payloadInstanceCacheKey: options.payloadKey }), {
        ...cmsHeaders,
        'cache-control': 'no-store',
      })
    })
  }

  /** The request as a fetch Request, its body read whole first (a 413 answered, and null, past `limit`). */
  async function fetchRequestOf(req: IncomingMessage, res: ServerResponse, pathname: string, search: string, limit: number): Promise<Request | null> {
    let body: Buffer | undefined
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      try {
        body = await readLimitedBody(req, limit)
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) throw error
        res.setHeader('connection', 'close')
        sendJson(res, 413, { message: 'The request is too large.' }, apiHeaders)
        return null
      }
    }
    const url = `http://${req.headers.host ?? 'localhost'}${pathname}${search}`
    const headers = toFetchHeaders(req)
    // Endpoints read the client address from here (rate limits); never from the client's own header.
    headers.set('x-academy-client-ip', clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], options.trustedProxies ?? 0))
    // HEAD asks what GET would answer (endpoints are declared for GET; Node sends HEAD no body).
    return new Request(url, { method: req.method === 'HEAD' ? 'GET' : req.method, headers, body: body ? new Uint8Array(body) : undefined })
  }

  const probeHeaders = { ...apiHeaders, 'cache-control': 'no-store' }
  const probeAnswers = {
    live: jsonAnswer(probeHeaders, 200, { status: 'ok' }),
    ready: jsonAnswer(probeHeaders, 200, { status: 'ready' }),
    unavailable: jsonAnswer(probeHeaders, 503, { status: 'unavailable' }),
  }

  /** Liveness and readiness for load balancers and orchestrators: no session, no details. */
  function handleProbe(req: IncomingMessage, res: ServerResponse, pathname: string, reqId: string): void | Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('x-request-id', reqId)
      return sendJson(res, 405, { message: 'Method not allowed.' }, { ...probeHeaders, allow: 'GET, HEAD' })
    }
    if (pathname === '/healthz') return replay(res, probeAnswers.live, reqId)
    return answerReadiness(res, reqId)
  }

  async function answerReadiness(res: ServerResponse, reqId: string): Promise<void> {
    const ready = options.readiness ? await options.readiness().catch(() => false) : true
    replay(res, ready ? probeAnswers.ready : probeAnswers.unavailable, reqId)
  }

  const logger = options.logger ?? createLogger()

  /**
   * The one entry of every request. The answers a balancer or a visitor repeats most are written
   * here at once, with no promise made, before any header is set on the response: Node's fast path
   * (requests are logged, when asked, the usual way: `answer`).
   */
  return function handle(req: IncomingMessage, res: ServerResponse): void | Promise<void> {
    // One spelling of the path (./request-path.server.ts): everything below routes, guards and
    // forwards this one, and req.url carries it to Next, Astro and sirv, so none reads another.
    const target = normaliseRequestTarget(req.url ?? '/', ROUTED_SEGMENTS)
    if (target.ok) req.url = target.pathname + target.search
    const reqId = requestId(req.headers['x-request-id'])
    if (!target.ok || options.logRequests) return answer(req, res, target, reqId)
    const { pathname, search } = target
    if (pathname === '/healthz' || pathname === '/readyz') return handleProbe(req, res, pathname, reqId)
    if (pathname.startsWith('/api/')) {
      const opened = keptRead(req, pathname, search)
      if (opened instanceof Promise)
        return opened.then((ticket) => (ticket?.answer ? replay(res, ticket.answer, reqId) : answer(req, res, target, reqId, ticket)))
      if (opened?.answer) return replay(res, opened.answer, reqId)
      return answer(req, res, target, reqId, opened)
    }
    if (req.method === 'GET' && options.astro && !carriesSessionCookie(req.headers.cookie)) {
      // A public page Astro rendered for visitors, while its data is unchanged.
      const page = visitorPage(pathname + search, req.headers['accept-encoding'])
      if (page) return replay(res, withPageHeaders(page), reqId)
    }
    return answer(req, res, target, reqId)
  }

  /** Every other request, the contract's with its ticket when `handle` opened one. */
  async function answer(req: IncomingMessage, res: ServerResponse, target: RequestTarget, reqId: string, ticket?: PublicReadTicket | null): Promise<void> {
    const pathname = target.ok ? target.pathname : REFUSED_PATH
    const search = target.ok ? target.search : ''
    res.setHeader('x-request-id', reqId)
    if (options.logRequests) {
      const started = performance.now()
      // Method, path without its query, status and time only: never headers, cookies or bodies.
      res.once('close', () => {
        const line = { reqId, method: req.method, path: loggedPath(pathname), status: res.statusCode, ms: Math.round(performance.now() - started) }
        const aborted = !res.writableFinished
        // Health probes arrive every few seconds from each balancer: kept out of the info log.
        const probe = pathname === '/healthz' || pathname === '/readyz'
        logger[probe && !aborted ? 'debug' : 'info'](aborted ? { ...line, aborted } : line, 'request')
      })
    }
    // A path without one meaning (a malformed escape, ".." above the root, an encoded slash…) is
    // the client's error, never a 500 from deep inside Payload or Next, nor a second reading.
    if (!target.ok) return sendJson(res, 400, { message: target.message }, apiHeaders)
    if (!SERVED_METHODS.has(req.method ?? '')) return sendJson(res, 405, { message: METHOD_NOT_ALLOWED_MESSAGE }, { ...apiHeaders, allow: ALLOWED_METHODS })
    if (pathname === '/healthz' || pathname === '/readyz') return handleProbe(req, res, pathname, reqId)
    try {
      if (pathname === '/api' || pathname.startsWith('/api/')) return await handleApi(req, res, pathname, search, reqId, ticket)
      if (isCmsPath(pathname)) {
        // The same Origin rule as the contract: no login CSRF or cross-site edit through the panel.
        const refusal = crossOriginRefusal(req, options.allowedOrigins)
        if (refusal) return sendJson(res, 403, { message: refusal }, apiHeaders)
        // Next reads the body itself: its size is bounded by a declared length the parser enforces.
        if (STATE_CHANGING.has(req.method ?? '')) {
          const declared = req.headers['content-length']
          if (declared === undefined && req.headers['transfer-encoding']) {
            res.setHeader('connection', 'close')
            return sendJson(res, 411, { message: 'Please send the length of the request body.' }, apiHeaders)
          }
          if (Number(declared) > CMS_BODY_LIMIT) {
            res.setHeader('connection', 'close')
            return sendJson(res, 413, { message: 'The request is too large.' }, apiHeaders)
          }
        }
        // Payload's sign-in, reset and user routes are answered here, without Next (answerPayloadHashing).
        const hashing = req.method !== 'GET' && req.method !== 'HEAD' && hashesPassword(pathname)
        if (!options.next && !hashing) return sendJson(res, 404, { message: 'The CMS is not available in this process.' }, apiHeaders)
        // Payload's hooks (the login limits) read the caller's address here, as the contract's do.
        req.headers['x-academy-client-ip'] = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], options.trustedProxies ?? 0)
        // Next's image optimizer fetches the path in its `url` inside Next, past this router and
        // its guards (a second spelling of any path); the admin panel uses no next/image.
        if (pathname === '/_next/image' || pathname.startsWith('/_next/image/')) return sendJson(res, 404, { message: 'Not found.' }, apiHeaders)
        // Payload's REST and the panel's server functions: administrators only (./cms-guard.server.ts).
        const refused = await cmsRefusal(req, pathname, options.authenticate)
        if (refused) return sendJson(res, refused.status, { message: refused.message }, apiHeaders)
        if (hashing) return await answerPayloadHashing(req, res, pathname, search)
        const next = options.next
        if (!next) return sendJson(res, 404, { message: 'The CMS is not available in this process.' }, apiHeaders)
        for (const [name, value] of Object.entries(cmsHeaders)) res.setHeader(name, value)
        return await next(req, res)
      }
      if (options.serveStatic?.(req, res, pathname, assetHeaders)) return
      if (!options.astro) return sendJson(res, 404, { message: 'Not found.' }, apiHeaders)
      for (const [name, value] of Object.entries(pageHeaders)) res.setHeader(name, value)
      if (carriesSessionCookie(req.headers.cookie)) keepPrivate(res)
      return await options.astro(req, res)
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        if (!res.headersSent) sendJson(res, 503, { message: UNAVAILABLE_MESSAGE }, { ...apiHeaders, 'retry-after': UNAVAILABLE_RETRY_AFTER })
        else res.end()
        return
      }
      logger.error({ reqId, method: req.method, path: loggedPath(pathname), err: error }, 'unhandled error')
      if (!res.headersSent) sendJson(res, 500, { message: 'Something went wrong on our side. Please try again.' }, apiHeaders)
      else res.end()
    }
  }
}
