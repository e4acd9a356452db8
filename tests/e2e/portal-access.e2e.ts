import { expect, test } from './support/fixtures'

import { ADMIN, signIn } from './support/accounts'
import { addStudent, openPortal } from './support/portal'

const PORTAL_PAGES = ['/dashboard', '/home', '/account', '/schedule', '/select-classes/1', '/select-classes']

test('a visitor on any portal page is sent to /auth by the server', async ({ page }) => {
  for (const path of PORTAL_PAGES) {
    const response = await page.request.get(path, { maxRedirects: 0 })
    expect(response.status(), path).toBe(302)
    expect(response.headers().location, path).toBe('/auth')
    await openPortal(page, path)
    await expect(page, path).toHaveURL(/\/auth$/)
  }
})

test('portal pages are private: never stored by shared caches', async ({ page, families }) => {
  await families.signIn(page)
  for (const path of ['/dashboard', '/home', '/account', '/schedule']) {
    // As a browser navigates: the session cookie counts for same-site requests only.
    const response = await page.request.get(path, { maxRedirects: 0, headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' } })
    expect(response.status(), path).toBe(200)
    expect(response.headers()['cache-control'], path).toBe('private, no-store')
  }
})

test("a family cannot open another family's class selection: it is sent to /account", async ({ page, baseURL, families, playwright }) => {
  const other = await playwright.request.newContext({ baseURL })
  await families.signIn(other, 'Other Family')
  const theirs = await addStudent(other, baseURL, 'Not Yours', 7)
  await other.dispose()

  await families.signIn(page)
  const mine = await addStudent(page.request, baseURL, 'Mine Child', 7)

  await openPortal(page, `/select-classes/${theirs.id}`)
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByText('Not Yours')).toHaveCount(0)

  for (const path of ['/select-classes/999999999', '/select-classes/abc', '/select-classes/0', '/select-classes', '/select-classes/']) {
    await openPortal(page, path)
    await expect(page, path).toHaveURL(/\/account$/)
  }

  await openPortal(page, `/select-classes/${mine.id}`)
  await expect(page.getByRole('region', { name: 'Student', exact: true })).toContainText('Mine Child')
})

test("an administrator's bottom bar reads Admin and leads to /admin", async ({ page, baseURL }) => {
  await signIn(page, baseURL, ADMIN)
  await openPortal(page, '/schedule')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin')
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
})

test('the bottom bar marks the current page', async ({ page, families }) => {
  await families.signIn(page)
  for (const [path, label] of [
    ['/dashboard', 'Dashboard'],
    ['/home', 'Classes'],
    ['/schedule', 'Schedule'],
    ['/account', 'Account'],
  ] as const) {
    await openPortal(page, path)
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page')
  }
})
