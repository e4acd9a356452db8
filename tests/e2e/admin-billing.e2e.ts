import { expect, test } from './support/fixtures'

import type { InvoiceDto } from '#api/invoices/schemas'
import { ADMIN, apiPost, signIn, unique } from './support/accounts'
import { familySession, openAdminTab, pickMatch, toast, visibleItem } from './support/admin-console'

function localToday(): string {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

test('an admin creates an invoice, the family sees it, the admin deletes it after a confirmation naming it', async ({ page, browser, baseURL, families }) => {
  await openAdminTab(page, baseURL, 'invoices')
  const family = await families.create(unique('Invoice '))
  const description = unique('Tuition ')

  await page.getByRole('button', { name: 'Create Invoice' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Invoice' })
  await expect(dialog.getByLabel('Due Date')).toHaveValue(localToday())
  await expect(dialog.getByLabel('Status')).toHaveValue('pending')
  const amount = dialog.getByLabel('Amount (USD)')
  await expect(amount).toHaveAttribute('min', '0.01')
  await expect(amount).toHaveAttribute('step', '0.01')

  // Every validation message of spec §5, before anything is sent.
  await dialog.getByLabel('Due Date').fill('')
  await dialog.getByRole('button', { name: 'Create Invoice' }).click()
  await expect(dialog.getByText('Please select a user')).toBeVisible()
  await expect(dialog.getByText('Amount must be greater than 0')).toBeVisible()
  await expect(dialog.getByText('Description must be at least 3 characters')).toBeVisible()
  await expect(dialog.getByText('Due date is required')).toBeVisible()
  await amount.fill('0')
  await dialog.getByRole('button', { name: 'Create Invoice' }).click()
  await expect(dialog.getByText('Amount must be greater than 0')).toBeVisible()

  // The user picker finds the family made a moment ago.
  await pickMatch(dialog, 'User', family.email, family.fullName)
  await dialog.getByLabel('Amount (USD)').fill('87.5')
  await dialog.getByLabel('Description').fill(description)
  await dialog.getByLabel('Due Date').fill(localToday())
  await dialog.getByRole('button', { name: 'Create Invoice' }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page, 'Invoice Created')).toContainText(`for ${family.fullName} ($87.50)`)

  const familyView = await familySession(browser, baseURL, family)
  const own = async () =>
    ((await (await familyView.request.get('/api/invoices', { headers: { origin: new URL(baseURL!).origin } })).json()) as InvoiceDto[]).find(
      (i) => i.description === description,
    )
  const created = await own()
  expect(created).toMatchObject({ amount: 87.5, status: 'pending', dueDate: localToday(), userId: family.id })

  const row = visibleItem(page, 'data-invoice-id', created!.id)
  await expect(row).toContainText(description)
  await expect(row).toContainText('$87.50')
  await expect(row).toContainText('pending')
  // Issue 23: a pending invoice is paid one way, by recording the payment; no Set Paid or Set Pending.
  await expect(row.getByRole('button', { name: /^Set Pending/ })).toHaveCount(0)
  await expect(row.getByRole('button', { name: /^Set Paid/ })).toHaveCount(0)
  await expect(row.getByRole('button', { name: /^Mark paid offline/ })).toBeVisible()

  // The confirmation names the invoice it deletes: number, family, amount.
  await row.getByRole('button', { name: /^Delete/ }).click()
  const confirm = page.getByRole('dialog', { name: `Delete invoice #${created!.id} for ${family.fullName} ($87.50)?` })
  await expect(confirm).toContainText('Are you sure you want to delete this invoice? This action cannot be undone.')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Invoice Deleted')).toBeVisible()
  await expect(row).toHaveCount(0)
  expect(await own()).toBeUndefined()
  await familyView.close()
})

test('an admin turns card payments off and on again, and the families see it', async ({ page, browser, baseURL, families }) => {
  await signIn(page, baseURL, ADMIN)
  // Start from the usual state whatever an earlier journey left.
  expect((await apiPost(page.request, baseURL, '/api/stripe/toggle-payments', { paymentsDisabled: false })).ok()).toBe(true)
  await openAdminTab(page, baseURL, 'payments')
  const family = await families.create(unique('Payer '))
  const familyView = await familySession(browser, baseURL, family)
  const familyConfig = async () =>
    (await (await familyView.request.get('/api/stripe/config', { headers: { origin: new URL(baseURL!).origin } })).json()) as { paymentsDisabled: boolean }

  const payments = page.getByRole('switch', { name: 'Accept card payments' })
  try {
    await expect(payments).toHaveAttribute('aria-checked', 'true')
    await payments.click()
    await expect(toast(page, 'Payments Disabled')).toBeVisible()
    await expect(payments).toHaveAttribute('aria-checked', 'false')
    expect((await familyConfig()).paymentsDisabled).toBe(true)

    await payments.press('Space')
    await expect(toast(page, 'Payments Re-enabled')).toBeVisible()
    await expect(payments).toHaveAttribute('aria-checked', 'true')
    expect((await familyConfig()).paymentsDisabled).toBe(false)
  } finally {
    // The billing journeys need payments on: never leave them off.
    await apiPost(page.request, baseURL, '/api/stripe/toggle-payments', { paymentsDisabled: false })
    await familyView.close()
  }
})

test('the payments switch reverts when the server refuses the change', async ({ page, baseURL }) => {
  await openAdminTab(page, baseURL, 'payments')
  await page.route('**/api/stripe/toggle-payments', (route) => route.fulfill({ status: 503, json: { message: 'Service unavailable' } }))
  const payments = page.getByRole('switch', { name: 'Accept card payments' })
  const before = await payments.getAttribute('aria-checked')
  await payments.click()
  await expect(toast(page, 'Failed to update payment status. Please try again.')).toBeVisible()
  await expect(payments).toHaveAttribute('aria-checked', before!)
})

test('the Stripe form asks for both keys and shows the price id only with subscriptions', async ({ page, baseURL }) => {
  await openAdminTab(page, baseURL, 'payments')
  const form = page.getByRole('form', { name: 'Stripe configuration' })
  await form.getByLabel('Stripe Public Key').fill('')
  await form.getByLabel('Stripe Secret Key').fill('')
  await form.getByRole('button', { name: 'Save Configuration' }).click()
  await expect(form.getByText('Stripe Public Key is required')).toBeVisible()
  await expect(form.getByText('Stripe Secret Key is required')).toBeVisible()

  await expect(form.getByLabel('Subscription Price ID (optional)')).toHaveCount(0)
  await form.getByLabel('Enable subscriptions').check()
  await expect(form.getByLabel('Subscription Price ID (optional)')).toBeVisible()
  await form.getByLabel('Enable subscriptions').uncheck()
  await expect(form.getByLabel('Subscription Price ID (optional)')).toHaveCount(0)

  // Test or live mode: one switch, named after the mode it is in (nothing is saved here).
  const mode = form.getByRole('switch', { name: /^(Test|Live) mode$/ })
  const testMode = (await mode.getAttribute('aria-checked')) === 'true'
  await mode.click()
  await expect(form.getByRole('switch', { name: testMode ? 'Live mode' : 'Test mode' })).toHaveAttribute('aria-checked', String(!testMode))
})
