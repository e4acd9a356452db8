import { expect, test } from './support/fixtures'

import type { InquiryDto } from '#api/inquiries/schemas'
import { SITE_CONTENT_DEFAULTS } from '#api/site-content/defaults.schemas'
import { apiPost, unique } from './support/accounts'
import { openAdminTab, toast, visibleItem } from './support/admin-console'
import { waitForMail } from './support/mailbox'

test('an admin reads an inquiry in full, as text, and marks it addressed', async ({ page, baseURL, cleanup }) => {
  const name = unique('Visitor ')
  const message = `Hello <img src=x onerror="window.__injected = true"> <b>bold?</b>\nSecond line about ${name}.`
  const sent = await apiPost(page.request, baseURL, '/api/inquiries', { name, email: 'visitor@example.com', subject: 'Private Lessons', message })
  expect(sent.status()).toBe(201)
  const inquiry = (await sent.json()) as InquiryDto
  cleanup.inquiry(inquiry.id)

  await openAdminTab(page, baseURL, 'inquiries')
  const row = visibleItem(page, 'data-inquiry-id', inquiry.id)
  await expect(row).toContainText(name)
  await expect(row).toContainText('visitor@example.com')
  await expect(row).toContainText('Unaddressed')
  await row.getByRole('button', { name: `Read the message from ${name}` }).click()

  const dialog = page.getByRole('dialog', { name: 'Private Lessons' })
  await expect(dialog.getByTestId('inquiry-message')).toHaveText(message.trim())
  expect(await dialog.locator('img, b').count()).toBe(0)
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined()

  await dialog.getByRole('button', { name: 'Mark as Addressed' }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page, 'Inquiry Addressed')).toContainText(name)
  await expect(row).toContainText('Addressed')
  await expect(row.getByRole('button', { name: /^Mark as Addressed/ })).toHaveCount(0)

  const stored = ((await (await page.request.get('/api/inquiries', { headers: { origin: new URL(baseURL!).origin } })).json()) as InquiryDto[]).find(
    (i) => i.id === inquiry.id,
  )
  expect(stored).toMatchObject({ isAddressed: true })
  expect(stored?.addressedAt).toBeTruthy()
})

test('an admin edits a site text from the Site Content list and the public page shows it', async ({ page, browser, baseURL, cleanup }) => {
  const key = 'home.mission.title'
  const text = unique('Our Purpose ')
  // Other journeys read this text: it is put back as it was when the test ends.
  await cleanup.siteText(key)
  await openAdminTab(page, baseURL, 'content')
  await page.getByLabel('Find a text').fill(key)
  const row = page.locator(`[data-content-row="${key}"]`)
  await expect(row).toContainText(SITE_CONTENT_DEFAULTS[key])
  await row.getByRole('button', { name: `Edit ${key}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Site Text' })
  await expect(dialog.getByLabel('Key')).toHaveValue(key)
  await expect(dialog.getByLabel('Key')).toHaveAttribute('readonly', '')
  await dialog.getByLabel('Content', { exact: true }).fill(text)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page, /Content (Created|Updated)/)).toBeVisible()
  await expect(row).toContainText(text)
  await expect(row).toContainText('Published')

  const visitor = await browser.newContext({ baseURL })
  const publicPage = await visitor.newPage()
  await publicPage.goto('/')
  await expect(publicPage.getByRole('heading', { name: text })).toBeVisible()

  await row.getByRole('button', { name: `Restore Default ${key}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Restore the built-in text?' })
  await confirm.getByRole('button', { name: 'Restore Default' }).click()
  await expect(toast(page, 'Content Deleted')).toBeVisible()
  await expect(row).toContainText('Built-in text')
  await publicPage.goto('/')
  await expect(publicPage.getByRole('heading', { name: SITE_CONTENT_DEFAULTS[key] })).toBeVisible()
  await visitor.close()
})

test('an admin adds a site text under a new key, whose key is then fixed', async ({ page, baseURL, cleanup }) => {
  const key = unique('faq.e2e_').toLowerCase()
  await cleanup.siteText(key)
  await openAdminTab(page, baseURL, 'content')
  await page.getByRole('button', { name: 'Add Site Text' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Site Text' })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Key must be at least 3 characters')).toBeVisible()
  await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible()
  await expect(dialog.getByText('Content is required')).toBeVisible()

  await dialog.getByLabel('Key').fill(key)
  await dialog.getByLabel('Title').fill('Refund policy answer')
  await dialog.getByLabel('Content', { exact: true }).fill('Unused class credits are refunded within 14 days.')
  await dialog.getByLabel('Section').selectOption('faq')
  await dialog.getByLabel('Published').uncheck()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Content Created')).toContainText(key)

  await page.getByLabel('Find a text').fill(key)
  const row = page.locator(`[data-content-row="${key}"]`)
  await expect(row).toContainText('Unpublished')
  await row.getByRole('button', { name: `Edit ${key}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Site Text' })
  await expect(edit.getByLabel('Key')).toHaveAttribute('readonly', '')
  await edit.getByLabel('Published').check()
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Content Updated')).toBeVisible()
  await expect(row).toContainText('Published')

  await row.getByRole('button', { name: `Delete ${key}` }).click()
  await page.getByRole('dialog', { name: 'Delete site text?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Content Deleted')).toBeVisible()
  await expect(row).toHaveCount(0)
})

test('an admin tests the mail connection and sends a test email that arrives', async ({ page, baseURL }) => {
  await openAdminTab(page, baseURL, 'email')
  await expect(page.getByText('port 465 over SSL')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Troubleshooting tips' })).toBeVisible()

  await page.getByRole('button', { name: 'Test Connection' }).click()
  await expect(toast(page, 'Connection Successful')).toBeVisible()

  await page.getByRole('button', { name: 'Send Test Email' }).click()
  await expect(toast(page, 'Email Required')).toContainText('Please enter an email address to send the test email.')

  const address = `${unique('owner-')}@example.com`
  await page.getByLabel('Email address').fill(address)
  await page.getByRole('button', { name: 'Send Test Email' }).click()
  await expect(toast(page, 'Test Email Sent')).toContainText(address)
  const mail = await waitForMail((m) => m.to.includes(address))
  expect(mail.subject).toBe('Test email from the academy')
})

test('a refused test email shows the mail server’s reason', async ({ page, baseURL }) => {
  await openAdminTab(page, baseURL, 'email')
  await page.route('**/api/troubleshoot-email', (route) =>
    route.fulfill({ status: 502, json: { success: false, message: 'Failed to send email', error: '550 Mailbox unavailable' } }),
  )
  await page.route('**/api/test-email-config', (route) =>
    route.fulfill({
      status: 200,
      json: {
        success: false,
        message: 'Could not connect to the SMTP server.',
        details: { host: 'smtp.example.com', port: 465, secure: true, error: 'Invalid login: 535 Authentication failed' },
      },
    }),
  )
  await page.getByRole('button', { name: 'Test Connection' }).click()
  await expect(toast(page, 'Connection Failed')).toContainText('Connection error: Invalid login: 535 Authentication failed')
  await page.getByLabel('Email address').fill('owner@example.com')
  await page.getByRole('button', { name: 'Send Test Email' }).click()
  await expect(toast(page, 'Failed to Send Email')).toContainText('550 Mailbox unavailable')
})
