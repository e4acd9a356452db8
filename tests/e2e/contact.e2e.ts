import { expect, test } from './support/fixtures'
import { openPortal } from './support/portal'

import { ADMIN, apiGet, apiPost, unique } from './support/accounts'

test('the contact form names every problem before anything is sent', async ({ page }) => {
  let posted = false
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/inquiries')) posted = true
  })
  await openPortal(page, '/contact')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await expect(page.getByText('Email is required')).toBeVisible()
  await expect(page.getByText('Please select a subject')).toBeVisible()
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Message', { exact: true }).fill('Too short')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Please enter a valid email')).toBeVisible()
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible()
  expect(posted).toBe(false)
})

test('a visitor sends an inquiry, sees Thank You, and the academy finds it in the admin list', async ({ page, request, baseURL, cleanup }) => {
  const name = unique('Parent ')
  cleanup.inquiryNamed(name)
  const message = `Is there a trial class for a six-year-old? (${name})`
  // The page's timers run on a clock the test moves: the toast's 5 s are checked without waiting them out.
  await page.clock.install()
  await openPortal(page, '/contact')
  const subjects = page.getByLabel('Subject').locator('option')
  await expect(subjects).toHaveText([
    'Select a subject',
    'General Question',
    'Class Information',
    'Registration',
    'Billing & Payments',
    'Private Lessons',
    'Other',
  ])

  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill('parent@example.com')
  await page.getByLabel('Subject').selectOption('Class Information')
  await page.getByLabel('Message', { exact: true }).fill(message)
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.getByRole('button', { name: 'Send Message' }).click()

  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible()
  await expect(page.getByText('We will reply within 24-48 hours.').first()).toBeVisible()
  const toast = page.getByRole('status').filter({ hasText: 'Message sent' })
  await expect(toast).toBeVisible()
  // The result panel replaces the form: the view goes back to the top of the page.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

  // The toast lasts 5 s (spec §8).
  await page.clock.runFor(4_000)
  await expect(toast).toBeVisible()
  await page.clock.runFor(1_500)
  await expect(toast).toBeHidden()

  await page.getByRole('button', { name: 'Submit Another Question' }).click()
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible()
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
  await expect(page.getByLabel('Name')).toBeFocused()

  await apiPost(request, baseURL, '/api/login', ADMIN)
  const inquiries = await (await apiGet(request, baseURL, '/api/inquiries')).json()
  expect(inquiries).toEqual(
    expect.arrayContaining([expect.objectContaining({ name, email: 'parent@example.com', subject: 'Class Information', message, isAddressed: false })]),
  )
})
