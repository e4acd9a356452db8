import AxeBuilder from '@axe-core/playwright'
import { type Page } from '@playwright/test'

import { expect, test } from './support/fixtures'
import { DEMO_FAMILY, signIn } from './support/accounts'
import { openAdminTab } from './support/admin-console'
import { AT_DESKTOP_TOO } from './support/ports'

const TABS = [
  { id: 'invoices', label: 'Invoices', loaded: 'Create Invoice' },
  { id: 'tuition', label: 'Tuition', loaded: 'Tuition settings' },
  { id: 'classes', label: 'Classes', loaded: 'Add New Class' },
  { id: 'waitlists', label: 'Waitlists', loaded: /in line for full classes/ },
  { id: 'users', label: 'Users', loaded: /Showing ([\d,]+–)?[\d,]+ of [\d,]+ accounts?/ },
  { id: 'students', label: 'Students', loaded: /Showing ([\d,]+–)?[\d,]+ of [\d,]+ students?/ },
  { id: 'attendance', label: 'Attendance', loaded: 'Show Attendance' },
  { id: 'assessments', label: 'Assessments', loaded: /review the teachers’ marks and publish the report cards/ },
  { id: 'exams', label: 'Exams', loaded: /Showing ([\d,]+–)?[\d,]+ of [\d,]+ entr(y|ies)/ },
  { id: 'policies', label: 'Policies', loaded: /No policy documents yet|Export CSV/ },
  { id: 'messages', label: 'Messages', loaded: 'New message' },
  { id: 'inquiries', label: 'Inquiries', loaded: /waiting for an answer|No inquiries yet/ },
  { id: 'payments', label: 'Payments', loaded: 'Accept card payments' },
  { id: 'email', label: 'Email Tests', loaded: 'Troubleshooting tips' },
  { id: 'content', label: 'Site Content', loaded: 'Add Site Text' },
] as const

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
}

test('a visitor opening /admin is sent to the login page', async ({ page }) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/auth$/)
})

test('a family opening /admin sees Access Denied and gets none of the console code', async ({ page, baseURL }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await signIn(page, baseURL, DEMO_FAMILY)
  const response = await page.goto('/admin')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText('You do not have administrator privileges.')).toBeVisible()
  await expect(page.getByRole('tablist')).toHaveCount(0)
  expect(scripts.filter((url) => /AdminConsole/.test(url))).toEqual([])
  // The server refuses the admin calls anyway.
  expect((await page.request.get('/api/users', { headers: { origin: new URL(baseURL!).origin } })).status()).toBe(403)
})

test('the console has its tabs, a way back to the site, and the site texts in a tab of their own', AT_DESKTOP_TOO, async ({ page, baseURL }) => {
  await openAdminTab(page, baseURL, 'invoices')
  await expect(page.getByRole('link', { name: 'Return to Main Site' })).toHaveAttribute('href', '/')
  await expect(page.getByRole('tab')).toHaveText(TABS.map((tab) => tab.label))
  // Issue 23: the tabs are the console's navigation; the family's bottom bar is not here.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Site Content' })).toHaveCount(0)
  await page.getByRole('tab', { name: 'Site Content' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Site Content' }).getByRole('heading', { name: 'Site Content' })).toBeVisible()
})

test('the tabs work from the keyboard and the address remembers the tab', async ({ page, baseURL }) => {
  await openAdminTab(page, baseURL, 'invoices')
  await page.getByRole('tab', { name: 'Invoices' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Tuition' })).toBeFocused()
  await expect(page.getByRole('tab', { name: 'Tuition' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel', { name: 'Tuition' })).toBeVisible()
  await page.keyboard.press('End')
  await expect(page.getByRole('tab', { name: 'Site Content' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Invoices' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowLeft')
  await expect(page).toHaveURL(/#content$/)
  await page.keyboard.press('ArrowUp')
  await expect(page.getByRole('tab', { name: 'Email Tests' })).toBeFocused()
  await expect(page).toHaveURL(/#email$/)
  await page.reload()
  await expect(page.getByRole('tab', { name: 'Email Tests' })).toHaveAttribute('aria-selected', 'true')
})

test('admin lists are capped at 60% of the viewport height and scroll', AT_DESKTOP_TOO, async ({ page, baseURL }) => {
  await openAdminTab(page, baseURL, 'classes')
  const list = page.getByRole('list', { name: 'Classes' })
  await expect(list).toBeVisible()
  const { maxHeight, overflowY, viewport } = await list.evaluate((element) => ({
    maxHeight: parseFloat(getComputedStyle(element).maxHeight),
    overflowY: getComputedStyle(element).overflowY,
    viewport: window.innerHeight,
  }))
  expect(maxHeight).toBeCloseTo(viewport * 0.6, 0)
  expect(overflowY).toBe('auto')
})

for (const tab of TABS) {
  test(`the ${tab.label} tab has no serious or critical accessibility violations`, AT_DESKTOP_TOO, async ({ page, baseURL }) => {
    await openAdminTab(page, baseURL, tab.id)
    await expect(page.getByRole('tabpanel', { name: tab.label }).getByText(tab.loaded).first()).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /^Loading / })).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
  })
}

test('the dialogs with their validation messages have no serious accessibility violations', async ({ page, baseURL }) => {
  await openAdminTab(page, baseURL, 'invoices')
  await page.getByRole('button', { name: 'Create Invoice' }).click()
  const invoiceDialog = page.getByRole('dialog', { name: 'Create Invoice' })
  await invoiceDialog.getByRole('button', { name: 'Create Invoice' }).click()
  await expect(invoiceDialog.getByText('Please select a user')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(invoiceDialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Create Invoice' })).toBeFocused()

  await page.getByRole('tab', { name: 'Classes' }).click()
  await page.getByRole('button', { name: 'Add New Class' }).click()
  const classDialog = page.getByRole('dialog', { name: 'Add New Class' })
  await classDialog.getByRole('button', { name: 'Create Class' }).click()
  await expect(classDialog.getByText('Name must be at least 3 characters')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
