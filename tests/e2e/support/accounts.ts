import type { APIRequestContext, Page } from '@playwright/test'

import { E2E_ADMIN_PASSWORD } from './ports'

export const DEMO_FAMILY = { username: 'family', password: 'ballet-family-2026' }
export const ADMIN = { username: 'admin', password: E2E_ADMIN_PASSWORD }

/** A name no other test (or earlier run against the same database) uses. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/** State-changing calls need our own Origin, as a browser would send it (decisions §3). */
function originOf(baseURL: string | undefined): Record<string, string> {
  return { origin: new URL(baseURL ?? 'http://localhost:3100').origin }
}

/** An API read with the session cookie: Payload honours the cookie only with our Origin. */
export async function apiGet(request: APIRequestContext, baseURL: string | undefined, path: string) {
  return request.get(path, { headers: originOf(baseURL) })
}

export async function apiPost(request: APIRequestContext, baseURL: string | undefined, path: string, data: unknown) {
  return request.post(path, { data, headers: originOf(baseURL) })
}

/**
 * Signs the page's browser context in through the API (the session cookie lands in the
 * context's jar): for tests that are not about the login form itself.
 */
export async function signIn(page: Page, baseURL: string | undefined, account: { username: string; password: string }): Promise<void> {
  const response = await apiPost(page.request, baseURL, '/api/login', account)
  if (!response.ok()) throw new Error(`login as ${account.username} failed: ${response.status()} ${await response.text()}`)
}

/** Registers a fresh family account through the API and returns its credentials. */
export async function registerFamily(request: APIRequestContext, baseURL: string | undefined) {
  const username = unique('fam')
  const account = { username, password: `pw-${username}-long`, fullName: 'Avery Test', email: `${username}@example.com`, phone: '' }
  const response = await apiPost(request, baseURL, '/api/register', account)
  if (!response.ok()) throw new Error(`register failed: ${response.status()} ${await response.text()}`)
  return account
}
