import type { APIRequestContext, Page } from '@playwright/test'

import type { UserDto } from '#api/accounts/auth.schemas'
import { E2E_ADMIN_PASSWORD, E2E_PORT } from './ports'

/** The app of this run, as the config's baseURL names it. */
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`

export const DEMO_FAMILY = { username: 'family', password: 'ballet-family-2026' }
export const ADMIN = { username: 'admin', password: E2E_ADMIN_PASSWORD }

export type Account = { id: number; username: string; password: string; fullName: string; email: string }

/** A name no other test (or earlier run against the same database) uses. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/** State-changing calls need our own Origin, as a browser would send it (decisions §3). */
function originOf(baseURL: string | undefined): Record<string, string> {
  return { origin: new URL(baseURL ?? E2E_BASE_URL).origin }
}

/** An API read with the session cookie: Payload honours the cookie only with our Origin. */
export async function apiGet(request: APIRequestContext, baseURL: string | undefined, path: string) {
  return request.get(path, { headers: originOf(baseURL) })
}

export async function apiPost(request: APIRequestContext, baseURL: string | undefined, path: string, data: unknown) {
  return request.post(path, { data, headers: originOf(baseURL) })
}

/** JSON calls with our own Origin that throw on any refusal: for the data a test sets up. */
export function api(request: APIRequestContext, baseURL: string | undefined) {
  const headers = originOf(baseURL)
  const call = async <T>(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, data?: unknown): Promise<T> => {
    const response = await request[method](path, { data, headers })
    if (!response.ok()) throw new Error(`${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`)
    const text = await response.text()
    return (text ? JSON.parse(text) : undefined) as T
  }
  return {
    get: <T = any>(path: string) => call<T>('get', path),
    post: <T = any>(path: string, data?: unknown) => call<T>('post', path, data),
    put: <T = any>(path: string, data?: unknown) => call<T>('put', path, data),
    patch: <T = any>(path: string, data?: unknown) => call<T>('patch', path, data),
    delete: <T = any>(path: string) => call<T>('delete', path),
  }
}

/**
 * Signs a browser context (a page's, or a request context) in through the API: the session
 * cookie lands in its jar. For tests that are not about the login form itself.
 */
export async function signIn(target: Page | APIRequestContext, baseURL: string | undefined, account: { username: string; password: string }): Promise<UserDto> {
  const request = 'request' in target ? target.request : target
  const response = await apiPost(request, baseURL, '/api/login', account)
  if (!response.ok()) throw new Error(`login as ${account.username} failed: ${response.status()} ${await response.text()}`)
  return (await response.json()) as UserDto
}

/**
 * Signs the page's browser in as someone else. The page first leaves the portal, so an island of
 * the old account's page cannot react to the change of session (a refetch that finds the new
 * account and redirects) while the next page loads.
 */
export async function switchAccount(page: Page, baseURL: string | undefined, account: { username: string; password: string }): Promise<UserDto> {
  await leavePage(page)
  await page.context().clearCookies()
  return signIn(page, baseURL, account)
}

/**
 * To about:blank, even when the page is on its way somewhere itself (Select Classes goes on to
 * /account after its toast): that navigation is let finish, then the page leaves.
 */
async function leavePage(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto('about:blank')
      return
    } catch (error) {
      if (attempt === 3 || !String(error).includes('interrupted by another navigation')) throw error
      await page.waitForLoadState()
    }
  }
}

/**
 * A new family account made by the administrator through Payload's REST API, as an editor
 * would in /cms: /api/register's per-address allowance (10 an hour) is kept for the tests of
 * registration itself.
 */
export async function createFamilyAccount(adminRequest: APIRequestContext, fullName = 'Portal Parent'): Promise<Account> {
  const username = unique('fam-')
  const account = { username, password: `pw-${username}-long`, fullName, email: `${username}@example.com` }
  const response = await adminRequest.post('/cms-api/users', { data: { ...account, isActive: true, isAdmin: false } })
  if (!response.ok()) throw new Error(`creating ${username} failed: ${response.status()} ${await response.text()}`)
  const { doc } = (await response.json()) as { doc: { id: number } }
  return { id: doc.id, ...account }
}
