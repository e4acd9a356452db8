import type { Page } from '@playwright/test'

import type { InvoiceDto } from '#api/invoices/schemas'
import { expect, test } from './support/fixtures'
import { openAdminTab, toast, visibleItem } from './support/admin-console'
import { seedRealSizeConsole } from './support/console-scale'
import { seriousViolations } from './support/portal'
import { scaleHousehold } from '#tests/support/console-scale'

/*
 * Issue 23 at real size (150 households, 300 students, 1,200 invoices), on a phone first: the
 * console picks a family by searching, never by loading every account, and the Invoices tab
 * asks for the payments of the invoices on screen, never for every payment.
 */

const PREFIX = `pick${Date.now().toString(36)}`
let seeded: { remove(): Promise<void> } | undefined

test.beforeAll(async () => {
  seeded = await seedRealSizeConsole(PREFIX)
})
test.afterAll(async () => {
  await seeded?.remove()
})

function figure(name: string, ms: number) {
  test.info().annotations.push({ type: 'timing', description: `${name}: ${Math.round(ms)} ms` })
  console.log(`[timing] ${test.info().project.name} ${name}: ${Math.round(ms)} ms`)
}

/** The list calls the console makes, as path and query: the test checks none asks for a whole list. */
function watchListCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (['/api/users', '/api/students', '/api/payments'].includes(url.pathname) && request.method() === 'GET') calls.push(`${url.pathname}${url.search}`)
  })
  return calls
}

test("an admin creates an invoice for a family found by part of a child's name, reverses its payment from the paged list, and no whole list is loaded", async ({
  page,
  baseURL,
  adminRequest: admin,
}) => {
  test.slow()
  const household = scaleHousehold(PREFIX, 123)
  const description = `Costume for ${household.children[0]}`
  const calls = watchListCalls(page)
  await openAdminTab(page, baseURL, 'invoices')
  await expect(page.locator('[data-invoice-id]').filter({ visible: true }).first()).toBeVisible()

  await page.getByRole('button', { name: 'Create Invoice' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Invoice' })
  const picker = dialog.getByRole('combobox', { name: 'User', exact: true })
  await expect(picker).toHaveAttribute('aria-expanded', 'false')
  // Part of the first child's name: neither the parent's name, nor the username, nor the email holds it.
  const typed = Date.now()
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/users' && response.url().includes('q='))
  await picker.fill(`dette ${PREFIX}-123`)
  const option = dialog.getByRole('option', { name: new RegExp(`^${household.fullName}`) })
  await expect(option).toBeVisible()
  figure("family picker: typing a child's name to matches shown (250 ms pause included)", Date.now() - typed)
  figure('family picker: server answer', (await answered).request().timing().responseEnd)
  await expect(dialog.getByRole('listbox').getByRole('option')).toHaveCount(1)
  await expect(picker).toHaveAttribute('aria-expanded', 'true')
  await expect(dialog.getByText('1 match. Use the arrow keys or tap one to choose.')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The keyboard chooses: the arrow marks the match, Enter takes it (and submits nothing).
  await picker.press('ArrowDown')
  await expect(picker).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!)
  await expect(option).toHaveAttribute('aria-selected', 'true')
  await picker.press('Enter')
  await expect(picker).toHaveValue(household.fullName)
  await expect(picker).toHaveAttribute('aria-expanded', 'false')
  await expect(dialog.getByText(`Chosen: ${household.fullName} (${household.username} · ${household.email})`)).toBeVisible()
  await expect(dialog.getByText('Amount must be greater than 0')).toHaveCount(0)

  // A search that matches nobody says so.
  await picker.fill(`${PREFIX}-no-such-family`)
  await expect(dialog.getByText(/^No account matches/)).toBeVisible()
  await expect(dialog.getByRole('listbox')).toHaveCount(0)
  await picker.fill(`${PREFIX}-123`)
  await dialog.getByRole('option', { name: new RegExp(`^${household.fullName}`) }).click()
  await expect(picker).toHaveValue(household.fullName)

  await dialog.getByLabel('Amount (USD)').fill('42.5')
  await dialog.getByLabel('Description').fill(description)
  await dialog.getByRole('button', { name: 'Create Invoice' }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page, 'Invoice Created')).toContainText(`for ${household.fullName} ($42.50)`)

  const created = (
    (await (await admin.get(`/api/invoices/all?q=${encodeURIComponent(household.fullName)}&pageSize=20`)).json()) as { items: InvoiceDto[] }
  ).items.filter((invoice) => invoice.description === description)
  expect(created).toMatchObject([{ userId: expect.any(Number), amount: 42.5, status: 'pending' }])
  const invoiceId = created[0]!.id
  const paid = await admin.post(`/api/admin/invoices/${invoiceId}/mark-paid`, { data: { method: 'cash', receivedOn: new Date().toISOString().slice(0, 10) } })
  expect(paid.status(), await paid.text()).toBe(200)

  // The household's invoices, a page of them: its new one is paid; its payment is reversed from the list.
  await page.reload()
  await expect(page.getByRole('tablist', { name: 'Administration' })).toHaveAttribute('data-ready', '')
  await page.getByLabel('Household (family name or email)').fill(household.fullName)
  await expect(page.getByText('Showing 9 of 9 invoices')).toBeVisible()
  const row = visibleItem(page, 'data-invoice-id', invoiceId)
  await expect(row).toContainText('paid')
  await row.getByRole('button', { name: /^Reverse payment/ }).click()
  const reverse = page.getByRole('dialog', { name: `Reverse the payment of invoice #${invoiceId} for ${household.fullName} ($42.50)?` })
  await reverse.getByLabel('Reason').fill('Paid twice at the desk')
  await reverse.getByRole('button', { name: 'Reverse payment' }).click()
  await expect(reverse).toBeHidden()
  await expect(toast(page, 'Payment Reversed')).toContainText(`Invoice #${invoiceId} is pending again`)
  await expect(row).toContainText('pending')
  await expect(row.getByRole('list', { name: 'Refunded or reversed payments' })).toContainText('Paid twice at the desk')
  expect(await seriousViolations(page)).toEqual([])

  // No whole list was asked for: accounts by a search of a few, payments of the invoices on screen only.
  expect(calls.filter((call) => !call.includes('?'))).toEqual([])
  const users = calls.filter((call) => call.startsWith('/api/users?'))
  expect(users.length).toBeGreaterThan(0)
  for (const call of users) expect(new URLSearchParams(call.split('?')[1]).get('pageSize')).toBe('8')
  const payments = calls.filter((call) => call.startsWith('/api/payments?'))
  expect(payments.length).toBeGreaterThan(0)
  for (const call of payments) expect(new URLSearchParams(call.split('?')[1]).get('invoiceIds')!.split(',').length).toBeLessThanOrEqual(25)
})

test('the tuition run, the Students tab and Attendance find a family or a student by typing, at real size, without loading everyone', async ({
  page,
  baseURL,
}) => {
  test.slow()
  const calls = watchListCalls(page)
  const family = scaleHousehold(PREFIX, 45)
  const dancer = scaleHousehold(PREFIX, 77)

  async function pick(label: string, text: string, name: string, timing: string) {
    const box = page.getByRole('combobox', { name: label, exact: true })
    const typed = Date.now()
    await box.fill(text)
    const option = page.getByRole('listbox').getByRole('option', { name: new RegExp(`^${name}`) })
    await expect(option).toBeVisible()
    figure(`${timing}: typing to matches shown (250 ms pause included)`, Date.now() - typed)
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1)
    expect(await seriousViolations(page)).toEqual([])
    await option.click()
    await expect(box).toHaveValue(name)
  }

  await openAdminTab(page, baseURL, 'tuition')
  const tuition = page.getByRole('tabpanel', { name: 'Tuition' })
  await expect(tuition.getByRole('heading', { name: 'Run a month' })).toBeVisible({ timeout: 30_000 })
  await pick('Families', `lara ${PREFIX}-045`, family.fullName, "tuition run: a family by a child's name")
  await expect(tuition.getByText(`Chosen: ${family.fullName} (${family.username} · ${family.email})`)).toBeVisible()

  await page.getByRole('tab', { name: 'Students' }).click()
  const studentCount = page.getByText(/^Showing ([\d,]+–)?[\d,]+ of [\d,]+ students?$/)
  await expect(studentCount).toBeVisible()
  await pick('Filter by user account', `${PREFIX}-045@`, family.fullName, 'students tab: an account by its email')
  await expect(studentCount).toHaveText('Showing 2 of 2 students')
  await page.getByRole('button', { name: 'Clear All Filters' }).click()
  await expect(page.getByRole('combobox', { name: 'Filter by user account' })).toHaveValue('')

  await page.getByRole('tab', { name: 'Attendance' }).click()
  await pick('Student', `Odette ${PREFIX}-077`, dancer.children[0]!, 'attendance: a student by name')
  await expect(page.getByText('No marks for this student yet.')).toBeVisible()

  // Every list call named a search or a page: none loaded every account, student or payment.
  expect(calls.filter((call) => !call.includes('?'))).toEqual([])
  expect(calls.filter((call) => call.startsWith('/api/users?')).length).toBeGreaterThan(0)
  expect(calls.filter((call) => call.startsWith('/api/students?') && call.includes('q=Odette')).length).toBeGreaterThan(0)
})
