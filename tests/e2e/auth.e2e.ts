import { expect, test } from './support/fixtures'
import { openPortal } from './support/portal'

import { ADMIN, DEMO_FAMILY, signIn, unique } from './support/accounts'

test('the login form checks its fields, and the toggle clears the messages', async ({ page }) => {
  await openPortal(page, '/auth')
  await expect(page.getByText('By continuing, you agree to our Terms of Service and Privacy Policy.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password')

  await page.locator('form').getByRole('button', { name: 'Log In' }).click()
  await expect(page.getByText('Username is required')).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()

  await page.getByLabel('Username').fill('ab')
  await page.getByLabel('Password').fill('12345')
  await page.locator('form').getByRole('button', { name: 'Log In' }).click()
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible()
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible()

  await page.evaluate(() => ((window as unknown as { stayedHere: boolean }).stayedHere = true))
  const toggle = page.getByRole('navigation', { name: 'Log in or create an account' })
  await toggle.getByRole('link', { name: 'Create an Account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible()
  await expect(toggle.getByRole('link', { name: 'Create an Account' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText('Username must be at least 3 characters')).toHaveCount(0)
  await expect(page).toHaveURL(/\/auth\?mode=register$/)
  expect(await page.evaluate(() => (window as unknown as { stayedHere?: boolean }).stayedHere)).toBe(true)
})

test('a wrong password says Login failed without telling which part was wrong', async ({ page }) => {
  await openPortal(page, '/auth')
  await page.getByLabel('Username').fill(DEMO_FAMILY.username)
  await page.getByLabel('Password').fill('not-the-password')
  await page.locator('form').getByRole('button', { name: 'Log In' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Login failed')
  await expect(alert).toContainText('Invalid username or password')

  await page.getByRole('link', { name: 'Create an Account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.getByRole('link', { name: 'Log In' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('a family logs in and lands on the dashboard, where Welcome back! is shown', async ({ page }) => {
  await openPortal(page, '/auth')
  await page.getByLabel('Username').fill(DEMO_FAMILY.username)
  await page.getByLabel('Password').fill(DEMO_FAMILY.password)
  await page.locator('form').getByRole('button', { name: 'Log In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('status').filter({ hasText: 'Welcome back!' })).toBeVisible()
})

test('an admin logs in and lands on the admin area, where Welcome back! is shown', async ({ page }) => {
  await openPortal(page, '/auth')
  await page.getByLabel('Username').fill(ADMIN.username)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByLabel('Password').press('Enter')
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('status').filter({ hasText: 'Welcome back!' })).toBeVisible()
})

test('a signed-in visitor on /auth is sent to their own area by the server', async ({ page, baseURL }) => {
  await signIn(page, baseURL, DEMO_FAMILY)
  const response = await page.request.get('/auth', { maxRedirects: 0 })
  expect(response.status()).toBe(303)
  expect(response.headers().location).toBe('/dashboard')
  await openPortal(page, '/auth')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('the registration form checks every field and never sends the confirmation', async ({ page }) => {
  await openPortal(page, '/auth?mode=register')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Full name is required')).toBeVisible()
  await expect(page.getByText('Email is required')).toBeVisible()
  await expect(page.getByText('Username is required')).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()
  await expect(page.getByText('Please confirm your password')).toBeVisible()

  await page.getByLabel('Email').fill('nobody@')
  await page.getByLabel('Password', { exact: true }).fill('secret-one')
  await page.getByLabel('Confirm Password').fill('secret-two')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Please enter a valid email')).toBeVisible()
  await expect(page.getByText("Passwords don't match")).toBeVisible()
})

test('a visitor registers, is welcomed and lands on the dashboard signed in', async ({ page, cleanup }) => {
  const username = unique('dancer')
  cleanup.familyNamed(username)
  let body: Record<string, unknown> = {}
  page.on('request', (request) => {
    if (request.url().endsWith('/api/register')) body = request.postDataJSON()
  })
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Register' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible()
  await page.getByLabel('Full Name').fill('Robin Example')
  await page.getByLabel('Email').fill(`${username}@example.com`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Phone (optional)').fill('(555) 010-9999')
  await page.getByLabel('Password', { exact: true }).fill('tutu-and-pointe-7')
  await page.getByLabel('Confirm Password').fill('tutu-and-pointe-7')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('status').filter({ hasText: 'Registration successful!' })).toBeVisible()
  expect(body).toEqual({ fullName: 'Robin Example', email: `${username}@example.com`, username, phone: '(555) 010-9999', password: 'tutu-and-pointe-7' })

  const me = await page.request.get('/api/user', { headers: { origin: new URL(page.url()).origin } })
  expect(me.status()).toBe(200)
  expect(await me.json()).toMatchObject({ username, fullName: 'Robin Example', isAdmin: false })
})

test('registering a taken username shows the server message', async ({ page }) => {
  await openPortal(page, '/auth?mode=register')
  await page.getByLabel('Full Name').fill('Second Family')
  await page.getByLabel('Email').fill(`${unique('second')}@example.com`)
  await page.getByLabel('Username').fill(DEMO_FAMILY.username)
  await page.getByLabel('Password', { exact: true }).fill('tutu-and-pointe-7')
  await page.getByLabel('Confirm Password').fill('tutu-and-pointe-7')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByRole('alert')).toContainText('Registration failed')
  await expect(page.getByRole('alert')).toContainText('That username is already taken.')
  await expect(page).toHaveURL(/\/auth/)
})
