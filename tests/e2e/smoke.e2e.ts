import { expect, test } from './support/fixtures'

import { E2E_ADMIN_PASSWORD } from '#tests/e2e/support/ports'

test('the landing page renders the tagline from the site texts', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByText('Dance with grace and purpose').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
})

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})

test('Payload admin panel: shows its login at /cms and an admin can sign in', async ({ page }) => {
  await page.goto('/cms')
  await expect(page).toHaveURL(/\/cms\/login/)
  await page.getByLabel(/username/i).fill('admin')
  await page.getByLabel(/password/i).fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: /log ?in/i }).click()
  await expect(page).toHaveURL(/\/cms\/?$/, { timeout: 15_000 })
  await expect(page.getByText(/classes/i).first()).toBeVisible()
})

test('a family cannot sign in to the Payload admin panel', async ({ page }) => {
  await page.goto('/cms/login')
  await page.getByLabel(/username/i).fill('family')
  await page.getByLabel(/password/i).fill('ballet-family-2026')
  await page.getByRole('button', { name: /log ?in/i }).click()
  await expect(page).not.toHaveURL(/\/cms\/?$/)
  await page.goto('/cms/collections/users')
  await expect(page).toHaveURL(/\/cms\/(login|unauthorized)/)
})

test("Payload's REST at /cms-api is for administrators only", async ({ page, baseURL }) => {
  // As a browser's fetch would: the session cookie counts only with an allowed Origin.
  const headers = { origin: baseURL! }
  const anonymous = await page.request.get('/cms-api/students')
  expect(anonymous.status()).toBe(401)
  const login = await page.request.post('/api/login', { data: { username: 'family', password: 'ballet-family-2026' } })
  expect(login.status()).toBe(200)
  const family = await page.request.get('/cms-api/students', { headers })
  expect(family.status()).toBe(403)
  const forged = await page.request.post('/cms-api/enrollments', { headers, data: { student: 1, class: 1 } })
  expect(forged.status()).toBe(403)
})
