import AxeBuilder from '@axe-core/playwright'
import { type Page } from '@playwright/test'

import { expect, test } from './support/fixtures'
import { openPortal } from './support/portal'
import { ADMIN, signIn } from './support/accounts'
import { AT_DESKTOP_TOO } from './support/ports'

const PUBLIC_PAGES = [
  '/',
  '/classes',
  '/classes?age=6-8',
  '/auth',
  '/auth?mode=register',
  '/forgot-password',
  '/reset-password?token=Zq3vN8_xY-2kLm4pQr7sTu9wVb1cDe5fGh6iJk0lMnO',
  '/reset-password',
  '/contact',
  '/no-such-page',
]

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
}

for (const path of PUBLIC_PAGES) {
  test(`${path} has no serious or critical accessibility violations`, AT_DESKTOP_TOO, async ({ page }) => {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    expect(await seriousViolations(page)).toEqual([])
  })
}

test('forms with their error messages shown have no serious accessibility violations', async ({ page }) => {
  await openPortal(page, '/auth?mode=register')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Full name is required')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await openPortal(page, '/contact')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Please select a subject')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  // Each message is tied to its field for screen readers.
  await expect(page.getByLabel('Message', { exact: true })).toHaveAccessibleDescription('Message must be at least 10 characters')
})

test('the landing page with the admin controls has no serious accessibility violations', async ({ page, baseURL }) => {
  await signIn(page, baseURL, ADMIN)
  await page.goto('/')
  await expect(page.locator('html[data-admin-editor="ready"]')).toHaveCount(1)
  expect(await seriousViolations(page)).toEqual([])
})

test('a keyboard user skips to the content, sees where focus is, and logs in without a mouse', AT_DESKTOP_TOO, async ({ page }) => {
  await openPortal(page, '/auth')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  const outline = await skip.evaluate((element) => getComputedStyle(element).outlineStyle)
  expect(outline).not.toBe('none')

  // The form is live once its button is (it stays disabled until the island has hydrated).
  await expect(page.locator('form').getByRole('button', { name: 'Log In' })).toBeEnabled()
  await page.getByLabel('Username').focus()
  await page.keyboard.type('family')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Password')).toBeFocused()
  const ring = await page.getByLabel('Password').evaluate((element) => getComputedStyle(element).outlineStyle)
  expect(ring).not.toBe('none')
  await page.keyboard.type('ballet-family-2026')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('the age filter works from the keyboard', async ({ page }) => {
  await page.goto('/classes')
  await page.getByRole('link', { name: 'Ages 9-12' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/age=9-12$/)
  await expect(page.locator('[data-class-list] > [data-class-card]')).toHaveCount(2)
})
