/**
 * Shortcuts of the family-portal journeys: students, enrollments and classes made through the
 * contract (each test makes its own, with unique names), and axe for the accessibility checks.
 * Accounts come from the fixtures (./fixtures.ts).
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type APIRequestContext, type Page } from '@playwright/test'

import { weekdayOf } from '#shared/dates'
import { WEEKDAYS } from '#shared/schedule'
import { api } from './accounts'

/** A date of birth that makes someone `years` old today (their birthday was about a month ago). */
export function bornYearsAgo(years: number): string {
  const d = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000)
  d.setUTCFullYear(d.getUTCFullYear() - years)
  return d.toISOString().slice(0, 10)
}

/**
 * Today's weekday name ("Friday"), as the journeys' academy counts days: its server runs without
 * ACADEMY_TIMEZONE and the time-zone journey leaves the setting at UTC.
 */
export function academyWeekdayToday(): string {
  return WEEKDAYS[weekdayOf(new Date().toISOString().slice(0, 10))]
}

/** The emergency contact of the students these journeys add. */
export const E2E_EMERGENCY_CONTACT = { name: 'Journey Emergency Contact', phone: '555 010 0000' }

export async function addStudent(
  request: APIRequestContext,
  baseURL: string | undefined,
  fullName: string,
  age: number,
): Promise<{ id: number; fullName: string }> {
  // With an emergency contact: a family's first enrollment of a child needs one (issue 24).
  return api(request, baseURL).post('/api/students', {
    fullName,
    dateOfBirth: bornYearsAgo(age),
    experienceLevel: 'Beginner',
    emergencyContact: E2E_EMERGENCY_CONTACT,
  })
}

export async function enroll(request: APIRequestContext, baseURL: string | undefined, studentId: number, classId: number) {
  return api(request, baseURL).post('/api/enrollments', { studentId, classId })
}

export type ClassRow = { id: number; name: string; ageGroup: string; price: number; days: string; time: string; capacity: number | null }

export async function classNamed(request: APIRequestContext, baseURL: string | undefined, name: string): Promise<ClassRow> {
  const classes = await api(request, baseURL).get<ClassRow[]>('/api/classes')
  const found = classes.find((cls) => cls.name === name)
  if (!found) throw new Error(`no class named ${name}`)
  return found
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
