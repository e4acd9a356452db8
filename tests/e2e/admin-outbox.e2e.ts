import AxeBuilder from '@axe-core/playwright'

import { expect, test } from './support/fixtures'
import { apiPost, unique } from './support/accounts'
import { openAdminTab } from './support/admin-console'
import { formatDateTime } from '#shared/dates'

// The office's device is in Kiribati (UTC+14); the journeys' academy counts its time in UTC.
test.use({ timezoneId: 'Pacific/Kiritimati' })

test('an admin reads demo mode’s outgoing mail, newest first, and follows a reset link from it', async ({ page, browser, baseURL, families, adminRequest }) => {
  await openAdminTab(page, baseURL, 'email')
  const outbox = page.getByRole('region', { name: 'Demo outbox' })
  await expect(outbox).toBeVisible()

  // A family asks for a new password from its own browser: the mail lands in the outbox.
  const family = await families.create(unique('Outbox '))
  const visitor = await browser.newContext({ baseURL })
  expect((await apiPost(visitor.request, baseURL, '/api/request-password-reset', { email: family.email })).status()).toBe(200)
  await visitor.close()

  // The admin sends a test message too, which refreshes the list by itself.
  await page.getByLabel('Email address').fill('office@example.com')
  await page.getByRole('button', { name: 'Send Test Email' }).click()
  const messages = outbox.getByRole('list', { name: 'Messages, newest first' }).getByRole('listitem')
  await expect(messages.first()).toContainText('Test email from the academy')
  await expect(messages.first()).toContainText('to office@example.com')
  await expect(messages.first()).toContainText('Sent')
  // Its time is the academy's, not the device's.
  const outboxBody = (await (await adminRequest.get('/api/email-outbox')).json()) as { messages: { subject: string; sentAt: string }[] }
  const testMail = outboxBody.messages.find((message) => message.subject.startsWith('Test email from the academy'))!
  await expect(messages.first()).toContainText(formatDateTime(testMail.sentAt, 'UTC'))

  const resetMail = messages.filter({ hasText: `to ${family.email}` })
  await expect(resetMail).toHaveCount(1)
  await resetMail.locator('summary').click()
  const link = resetMail.getByRole('link', { name: /\/reset-password\?token=/ })
  await expect(link).toBeVisible()

  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  expect(results.violations).toEqual([])

  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible()
  await expect(page.getByLabel('New Password', { exact: true })).toBeVisible()
})

test('a visitor cannot read the outbox', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL })
  const asVisitor = await context.request.get('/api/email-outbox')
  expect(asVisitor.status()).toBe(401)
  await context.close()
})
