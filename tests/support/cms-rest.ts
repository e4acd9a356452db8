import { handleEndpoints } from 'payload'

import { SESSION_COOKIE_PREFIX } from '#server/session-cookie.server'
import type { TestApp } from './app'
import { uniqueName } from './postgres'

export type CmsResponse = { status: number; body: any }

/**
 * A call to Payload's own REST handler (mounted at `routes.api`, /cms-api), straight through
 * `handleEndpoints` and past the router with its admin-only guard: what a collection allows
 * here it allows to anyone who ever gets past that guard.
 */
export async function cmsRest(app: TestApp, method: string, path: string, options: { cookie?: string; body?: unknown } = {}): Promise<CmsResponse> {
  const config = app.payload.config
  const headers = new Headers({ origin: app.url })
  if (options.cookie) headers.set('cookie', options.cookie)
  if (options.body !== undefined) headers.set('content-type', 'application/json')
  const request = new Request(`${app.url}${config.routes.api}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const response = await handleEndpoints({ config, request, path: `${config.routes.api}${path.split('?')[0]}`, payloadInstanceCacheKey: app.payloadKey })
  const text = await response.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body }
}

/** The session cookie a real sign-in (POST /api/login) sets. */
export async function sessionCookie(app: TestApp, username: string, password: string): Promise<string> {
  const res = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { origin: app.url, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE_PREFIX}-token=`))
  if (res.status !== 200 || !cookie) throw new Error(`login as ${username} failed: ${res.status} ${await res.text()}`)
  return cookie
}

export type Account = { id: number; username: string; email: string; password: string; cookie: string }

/** A new account (a family, or a teacher with `isTeacher`), signed in. */
export async function createAccount(app: TestApp, label: string, flags: { isTeacher?: boolean; isAdmin?: boolean } = {}): Promise<Account> {
  const username = uniqueName(label).replace(/_/g, '-').toLowerCase().slice(0, 40)
  const email = `${username}@example.com`
  const password = 'cms-rest-password-2026'
  const user = await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { username, email, fullName: `${label} account`, password, isActive: true, isAdmin: false, isTeacher: false, ...flags },
  })
  return { id: user.id as number, username, email, password, cookie: await sessionCookie(app, username, password) }
}
