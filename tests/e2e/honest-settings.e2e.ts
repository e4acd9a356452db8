import { expect, test } from './support/fixtures'

import { openAdminTab } from './support/admin-console'
import { expectToast, openPortal, seriousViolations } from './support/portal'

/**
 * Issue 23, "nothing promised that is not built", on a phone: the Payments tab says when card
 * payments are not set up and what to do, never "enabled"; a family's notification settings
 * offer only what the academy does, and a save still sends every setting the contract takes.
 */
test('without Stripe keys the Payments tab says card payments are not set up, and how to set them up', async ({ page, baseURL }) => {
  // The journeys' server always has keys (the Stripe stand-in): the tab is shown what a server
  // without keys, webhook secret or saved settings answers (toAdminStripeConfigDto).
  await page.route('**/api/stripe/config', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          json: {
            publicKey: null,
            secretKey: null,
            secretKeySource: null,
            webhookConfigured: false,
            paymentsDisabled: false,
            testMode: true,
            subscriptionEnabled: false,
            subscriptionPriceId: null,
          },
        })
      : route.fallback(),
  )
  await openAdminTab(page, baseURL, 'payments')
  const tab = page.getByRole('tabpanel')
  const notice = tab.getByRole('region', { name: 'Card payments are not set up' })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('Families cannot pay invoices by card until the academy’s Stripe keys are added.')
  await expect(notice).toContainText('Developers → API keys')
  await expect(notice).toContainText('STRIPE_SECRET_KEY')
  await expect(tab.getByRole('switch', { name: 'Accept card payments' })).toHaveCount(0)
  await expect(tab).not.toContainText(/enabled/i)
  await expect(tab.getByRole('form', { name: 'Stripe configuration' }).getByLabel('Stripe Secret Key')).toHaveValue('')
  expect(await seriousViolations(page)).toEqual([])

  // With the keys the server really has, the switch is back and may say so.
  await page.unroute('**/api/stripe/config')
  await page.reload()
  await expect(tab.getByRole('switch', { name: 'Accept card payments' })).toBeVisible()
  await expect(tab.getByRole('region', { name: 'Card payments are not set up' })).toHaveCount(0)
})

test('the notification settings offer only what the academy sends, and a save keeps the contract', async ({ page, families, api }) => {
  await families.signIn(page, 'Settings Parent')
  await openPortal(page, '/account')
  await page.getByRole('tab', { name: 'Notifications' }).click()
  const form = page.getByRole('form', { name: 'Notification settings' })
  await expect(form.getByRole('switch')).toHaveCount(2)
  await expect(form.getByRole('switch', { name: 'Email Notifications' })).toHaveAttribute('aria-checked', 'true')
  await expect(form.getByRole('switch', { name: 'Promotional Emails' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByText(/SMS|text message|Class Reminders/i)).toHaveCount(0)

  await form.getByRole('switch', { name: 'Promotional Emails' }).click()
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/notification-preferences') && request.method() === 'PATCH')
  await form.getByRole('button', { name: 'Save Preferences' }).click()
  // The same payload as before: every setting, the hidden ones with their stored values.
  expect((await sent).postDataJSON()).toEqual({ emailNotifications: true, smsNotifications: false, classReminders: true, promotionalEmails: false })
  await expectToast(page, 'Settings Updated')
  expect(await api.get('/api/notification-preferences')).toMatchObject({
    emailNotifications: true,
    smsNotifications: false,
    classReminders: true,
    promotionalEmails: false,
  })
  expect(await seriousViolations(page)).toEqual([])
})
