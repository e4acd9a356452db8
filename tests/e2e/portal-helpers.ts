/**
 * Fixtures of the family-portal journeys: accounts, students and classes made through the
 * contract (each test makes its own, with unique names), and axe for the accessibility checks.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'

import { E2E_ADMIN_PASSWORD } from '#tests/e2e/support/ports'

export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/** A date of birth that makes someone `years` old today (their birthday was about a month ago). */
export function bornYearsAgo(years: number): string {
  const d = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000)
  d.setUTCFullYear(d.getUTCFullYear() - years)
  return d.toISOString().slice(0, 10)
}

function origin(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('baseURL is not set')
  return new URL(baseURL).origin
}

/** JSON calls with our own Origin, as the browser app sends them (CSRF rule, decisions §3). */
export function api(request: APIRequestContext, baseURL: string | undefined) {
  const headers = { origin: origin(baseURL) }
  const call = async <T>(method: 'get' | 'post' | 'patch' | 'delete', path: string, data?: unknown): Promise<T> => {
    const response = await request[method](path, { data, headers })
    if (!response.ok()) throw new Error(`${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`)
    const text = await response.text()
    return (text ? JSON.parse(text) : undefined) as T
  }
  return {
    get: <T = any>(path: string) => call<T>('get', path),
    post: <T = any>(path: string, data?: unknown) => call<T>('post', path, data),
    patch: <T = any>(path: string, data?: unknown) => call<T>('patch', path, data),
    delete: <T = any>(path: string) => call<T>('delete', path),
  }
}

export type Account = { username: string; password: string; fullName: string; email: string }

/**
 * A new family account, signed in on this request context (a page's context shares its
 * cookies). Made by the administrator through Payload's REST API rather than /api/register,
 * whose per-address limit (10 an hour) every e2e file of the project shares.
 */
export async function registerFamily(request: APIRequestContext, baseURL: string | undefined, fullName = 'Portal Parent'): Promise<Account> {
  const account = await createFamilyAccount(baseURL, fullName)
  await api(request, baseURL).post('/api/login', { username: account.username, password: account.password })
  return account
}

/** A new family account, not signed in anywhere. */
export async function createFamilyAccount(baseURL: string | undefined, fullName = 'Portal Parent'): Promise<Account> {
  const username = unique('portal')
  const account = { username, password: `pw-${username}`, fullName, email: `${username}@example.com` }
  const admin = await adminApi(baseURL)
  try {
    await admin.post('/cms-api/users', { ...account, isActive: true, isAdmin: false })
  } finally {
    await admin.dispose()
  }
  return account
}

export async function addStudent(
  request: APIRequestContext,
  baseURL: string | undefined,
  fullName: string,
  age: number,
): Promise<{ id: number; fullName: string }> {
  return api(request, baseURL).post('/api/students', { fullName, dateOfBirth: bornYearsAgo(age), experienceLevel: 'Beginner' })
}

export async function enrol(request: APIRequestContext, baseURL: string | undefined, studentId: number, classId: number) {
  return api(request, baseURL).post('/api/enrollments', { studentId, classId })
}

export type ClassRow = { id: number; name: string; ageGroup: string; price: number; days: string; time: string; capacity: number | null }

export async function classNamed(request: APIRequestContext, baseURL: string | undefined, name: string): Promise<ClassRow> {
  const classes = await api(request, baseURL).get<ClassRow[]>('/api/classes')
  const found = classes.find((cls) => cls.name === name)
  if (!found) throw new Error(`no class named ${name}`)
  return found
}

/** A signed-in administrator's request context, for classes a test needs of its own. */
export async function adminApi(baseURL: string | undefined) {
  const context = await playwrightRequest.newContext({ baseURL })
  await api(context, baseURL).post('/api/login', { username: 'admin', password: E2E_ADMIN_PASSWORD })
  return { ...api(context, baseURL), dispose: () => context.dispose() }
}

export const CLASS_FIELDS = {
  description: 'A class made by an end-to-end test of the family portal.',
  level: 'Beginner',
  days: 'Tuesday & Thursday',
  time: '3:00-3:45pm',
  location: 'Studio Z',
  instructor: 'Ms. Test',
  price: 4000,
}

/** Serious or critical axe findings (WCAG 2.1 A/AA and best practices). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
}

/** The toast region's current text (spec §8 titles and messages). */
export async function expectToast(page: Page, title: string, text?: string) {
  const toast = page.getByRole('status').filter({ hasText: title })
  await expect(toast).toBeVisible()
  if (text) await expect(toast).toContainText(text)
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1024) < 768

/** Opens a page and waits until its islands have hydrated (Astro drops `ssr` then), so the first click counts. */
export async function openPortal(page: Page, path: string) {
  const response = await page.goto(path)
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0)
  return response
}
