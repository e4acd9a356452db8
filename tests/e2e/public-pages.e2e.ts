import { expect, test } from './support/fixtures'
import { openPortal } from './support/portal'
import { AT_DESKTOP_TOO } from './support/ports'

/** Journeys of a visitor on the server-rendered pages (spec §2: /, /classes, 404). */

test('the landing page shows every section from the site texts, without any JavaScript', AT_DESKTOP_TOO, async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)

  const account = page.getByRole('navigation', { name: 'Account' })
  await expect(account.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth')
  await expect(account.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact')
  await expect(page.getByRole('heading', { level: 1, name: 'Where every dancer finds their grace' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Explore Classes' }).first()).toHaveAttribute('href', '/classes')
  await expect(page.getByRole('link', { name: 'Join the Academy' })).toHaveAttribute('href', '/auth')
  await expect(page.getByRole('img', { name: 'Young dancers in a bright ballet studio' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible()
  for (const program of ["Children's Ballet", 'Teen Ballet', 'Adult Ballet']) {
    await expect(page.getByRole('heading', { name: program })).toBeVisible()
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: program }) })
    await expect(card.getByRole('link', { name: 'Explore Classes' })).toHaveAttribute('href', '/classes')
    await expect(card.getByRole('link', { name: 'Explore Classes' })).toHaveAccessibleDescription(program)
  }
  const footer = page.getByRole('contentinfo')
  const quickLinks: Array<[string, string]> = [
    ['Classes', '/classes'],
    ['Login', '/auth'],
    ['Register', '/auth?mode=register'],
    ['Contact Us', '/contact'],
  ]
  for (const [name, href] of quickLinks) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
  await expect(footer).toContainText('125 Pirouette Lane')
  await expect(footer).toContainText('since 2010')

  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Classes', 'Contact', 'Login'])
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
  expect(scripts, 'an anonymous visitor downloads no script on /').toEqual([])
})

test('a visitor filters the classes by age without a page reload, and back restores all ages', async ({ page }) => {
  await page.goto('/classes')
  await expect(page.getByRole('heading', { level: 1, name: 'Our Classes' })).toBeVisible()
  const filter = page.getByRole('navigation', { name: 'Filter classes by age group' })
  await expect(filter.getByRole('link')).toHaveText(['All Ages', 'Ages 3-5', 'Ages 6-8', 'Ages 9-12', 'Ages 13-17', 'Ages 18+'])
  await expect(filter.getByRole('link', { name: 'All Ages' })).toHaveAttribute('aria-current', 'true')
  const cards = page.locator('[data-class-list] > [data-class-card]')
  await expect(cards).toHaveCount(10)

  const firstCard = cards.first()
  await expect(firstCard.getByRole('link', { name: /^Sign Up to Enroll/ })).toHaveAttribute('href', /^\/auth\?mode=register&class=\d+$/)
  await expect(firstCard).toContainText(/\$\d+\/mo/)
  for (const label of ['Time', 'Days', 'Instructor', 'Location']) await expect(firstCard.getByText(label, { exact: true })).toBeVisible()

  await page.evaluate(() => ((window as unknown as { stayedHere: boolean }).stayedHere = true))
  // Hold the API answer so the skeletons can be seen.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/classes?ageGroup=*', async (route) => {
    await held
    await route.continue()
  })
  await filter.getByRole('link', { name: 'Ages 6-8' }).click()
  await expect(page.locator('[data-class-list] > [data-skeleton]')).toHaveCount(6)
  await expect(page.locator('[data-class-list]')).toHaveAttribute('aria-busy', 'true')
  release()

  await expect(cards).toHaveCount(2)
  for (const card of await cards.all()) await expect(card).toContainText('Ages 6-8')
  await expect(page).toHaveURL(/\/classes\?age=6-8$/)
  await expect(filter.getByRole('link', { name: 'Ages 6-8' })).toHaveAttribute('aria-current', 'true')
  expect(await page.evaluate(() => (window as unknown as { stayedHere?: boolean }).stayedHere)).toBe(true)

  await filter.getByRole('link', { name: 'Ages 18+' }).click()
  await expect(cards).toHaveCount(2)
  for (const card of await cards.all()) await expect(card).toContainText('Ages 18+')

  await page.goBack()
  await expect(page).toHaveURL(/\/classes\?age=6-8$/)
  await expect(cards).toHaveCount(2)
  await page.goBack()
  await expect(page).toHaveURL(/\/classes$/)
  await expect(cards).toHaveCount(10)
  expect(await page.evaluate(() => (window as unknown as { stayedHere?: boolean }).stayedHere)).toBe(true)
})

test('an age that no class has shows the empty text', async ({ page }) => {
  await page.goto('/classes?age=60%2B')
  await expect(page.locator('[data-class-card]:visible')).toHaveCount(0)
  await expect(page.locator('[data-class-empty]')).toHaveText('No classes found for this age group. Please try another filter.')
  await expect(page.locator('[data-class-empty]')).toBeVisible()
})

test('the catalogue has the call to action and the footer', async ({ page }) => {
  await page.goto('/classes')
  const cta = page.getByRole('region', { name: 'Ready to start dancing?' })
  await expect(cta.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact')
  await expect(cta.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', /^\/auth/)
  await expect(page.getByRole('contentinfo')).toContainText('Grace Ballet Academy')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Classes' })).toHaveAttribute('aria-current', 'page')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a filter link renders the filtered catalogue on the server', async ({ page }) => {
    await page.goto('/classes')
    await page.getByRole('link', { name: 'Ages 18+' }).click()
    await expect(page).toHaveURL(/\/classes\?age=18%2B$/)
    const cards = page.locator('[data-class-list] > [data-class-card]')
    await expect(cards).toHaveCount(2)
    for (const card of await cards.all()) await expect(card).toContainText('Ages 18+')
    await expect(page.getByRole('link', { name: 'Ages 18+' })).toHaveAttribute('aria-current', 'true')
  })

  test('a form cannot be sent before its island runs, so a password never lands in an address', async ({ page }) => {
    await page.goto('/auth')
    const form = page.locator('form')
    await expect(form).toHaveAttribute('method', 'post')
    await expect(form.getByRole('button', { name: 'Log In' })).toBeDisabled()
    await page.goto('/reset-password?token=Zq3vN8_xY-2kLm4pQr7sTu9wVb1cDe5fGh6iJk0lMnO')
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeDisabled()
  })

  test('every page shows its words with no script at all', async ({ page }) => {
    const pages: Array<[string, string]> = [
      ['/auth', 'Welcome Back'],
      ['/auth?mode=register', 'Confirm Password'],
      ['/forgot-password', 'Send Reset Link'],
      ['/reset-password', 'Invalid reset link. Please request a new password reset.'],
      ['/contact', 'Send us a message'],
    ]
    for (const [path, text] of pages) {
      await page.goto(path)
      await expect(page.getByText(text).first()).toBeVisible()
    }
  })
})

test('any other path shows the 404 page with status 404 and a way home', async ({ page }) => {
  const response = await page.goto('/programs/winter-gala')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to the home page' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('pages carry one complete content security policy with the hashes of their inline scripts', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  const response = await openPortal(page, '/auth')
  const policy = response?.headers()['content-security-policy'] ?? ''
  expect(policy).toContain("frame-ancestors 'none'")
  expect(policy).toContain("default-src 'self'")
  expect(policy).toMatch(/script-src 'self'[^;]*'sha256-/)
  expect(policy).not.toContain('unsafe-inline')
  // The island hydrated (its inline bootstrap ran): the form checks its fields in the browser.
  await page.locator('form').getByRole('button', { name: 'Log In' }).click()
  await expect(page.getByText('Username is required')).toBeVisible()
  expect(violations).toEqual([])
})

test("a visitor's page arrives compressed, from memory after the first render", async ({ request }) => {
  await request.get('/classes?age=9-12')
  const response = await request.get('/classes?age=9-12', { headers: { 'accept-encoding': 'br, gzip' } })
  expect(response.status()).toBe(200)
  expect(response.headers()['content-encoding']).toBe('br')
  expect(response.headers()['x-page-cache']).toBe('hit')
  expect(await response.text()).toContain('Ages 9-12')
  // Every encoding the visitor may ask for, with the page's own headers (the router answers
  // these from memory, src/server/visitor-page-cache.server.ts).
  for (const [accept, encoding] of [
    ['gzip', 'gzip'],
    ['identity', undefined],
  ] as const) {
    const other = await request.get('/classes?age=9-12', { headers: { 'accept-encoding': accept } })
    expect(other.headers()['content-encoding']).toBe(encoding)
    expect(other.headers()['x-page-cache']).toBe('hit')
    expect(other.headers()['vary']).toBe('Accept-Encoding, Cookie')
    expect(other.headers()['content-security-policy']).toMatch(/script-src 'self'[^;]*'sha256-/)
    expect(other.headers()['x-content-type-options']).toBe('nosniff')
    expect(other.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(await other.text()).toContain('Ages 9-12')
  }
})

test('a signed-in family never gets the page kept for visitors', async ({ page, request, families }) => {
  await request.get('/classes')
  await request.get('/classes')
  await families.signIn(page)
  const response = await page.goto('/classes')
  expect(response?.headers()['x-page-cache']).toBeUndefined()
  expect(response?.headers()['cache-control']).toBe('private, no-store')
})
