import { type Page } from '@playwright/test'

import { expect, test } from './support/fixtures'
import { apiGet, DEMO_FAMILY, signIn, unique } from './support/accounts'
import { createInvoice, enterCard, invoiceStatus, openBilling } from './support/billing'
import { AT_DESKTOP_TOO } from './support/ports'

/**
 * Paying an invoice by card on /billing (spec §2, §4; decisions §5), on a phone and a desktop.
 * Stripe.js and Stripe's API are the local stand-ins: the test cards decide the outcome.
 */

function invoiceSelect(page: Page) {
  return page.getByLabel('Invoice', { exact: true })
}

function invoiceOption(page: Page, description: string) {
  return invoiceSelect(page).locator('option', { hasText: description })
}

async function choose(page: Page, description: string) {
  const option = invoiceOption(page, description)
  await expect(option).toBeEnabled()
  await invoiceSelect(page).selectOption({ label: (await option.textContent())! })
}

test(
  'a family pays a pending invoice with the success card, and sees it paid and in Payment History',
  AT_DESKTOP_TOO,
  async ({ page, baseURL, adminRequest: admin }) => {
    const family = await signIn(page, baseURL, DEMO_FAMILY)
    const invoice = await createInvoice(admin, { userId: family.id, amount: 87.5, description: unique('Spring tuition ') })
    // Nothing the page or Stripe.js does may be refused by the page's CSP (or fail otherwise).
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })

    await openBilling(page)
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Make Payment' })).toHaveAttribute('aria-selected', 'true')
    await expect(invoiceOption(page, invoice.description)).toHaveText(`${invoice.description} — $87.50 (Pending)`)
    await choose(page, invoice.description)

    const amount = page.getByLabel('Amount (USD)')
    await expect(amount).toHaveValue('$87.50')
    await expect(amount).toHaveAttribute('readonly', '')
    await expect(amount).toHaveAccessibleDescription('The amount is set by the invoice and cannot be changed.')
    await expect(page.getByLabel('Cardholder name')).toHaveValue(family.fullName)
    // Test mode lists the three test cards.
    await expect(page.getByText('4242 4242 4242 4242')).toBeVisible()
    await expect(page.getByText('4000 0000 0000 0002')).toBeVisible()
    await expect(page.getByText('4000 0027 6000 3184')).toBeVisible()

    await enterCard(page, '4242 4242 4242 4242')
    const pay = page.getByRole('button', { name: 'Pay Now' })
    await pay.click()
    await expect(page.getByRole('status').filter({ hasText: 'Payment Successful' })).toBeVisible()

    // The list refreshed: the invoice is paid and can no longer be chosen; the selection is reset.
    await expect(invoiceOption(page, invoice.description)).toHaveText(`${invoice.description} — $87.50 (Paid)`)
    await expect(invoiceOption(page, invoice.description)).toBeDisabled()
    await expect(invoiceSelect(page)).toHaveValue('')
    await expect(amount).toHaveValue('')
    expect(await invoiceStatus(page, baseURL, invoice.id)).toBe('paid')

    await page.getByRole('tab', { name: 'Payment History' }).click()
    const row = page.getByRole('row').filter({ hasText: invoice.description })
    await expect(row).toHaveCount(1)
    const cells = row.getByRole('cell')
    await expect(page.getByRole('columnheader')).toHaveText(['Date', 'Amount', 'Description', 'Method', 'Status'])
    await expect(cells).toHaveCount(5)
    const expected = [/\w{3} \d{1,2}, \d{4}/, '$87.50', invoice.description, 'Card', 'Completed']
    for (const [index, text] of expected.entries()) await expect(cells.nth(index)).toContainText(text)
    expect(consoleErrors).toEqual([])
  },
)

test('the declined card shows the decline message and leaves the invoice pending; another card then pays it', async ({
  page,
  baseURL,
  families,
  adminRequest: admin,
}) => {
  const family = await families.signIn(page)
  const invoice = await createInvoice(admin, { userId: family.id, amount: 42, description: unique('Costume fee ') })

  await openBilling(page)
  await choose(page, invoice.description)
  await enterCard(page, '4000 0000 0000 0002')
  await page.getByRole('button', { name: 'Pay Now' }).click()

  const failure = page.getByRole('alert').filter({ hasText: 'Payment Failed' })
  await expect(failure).toContainText('Your card was declined. Please use a different payment method.')
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled()
  await expect(invoiceOption(page, invoice.description)).toHaveText(`${invoice.description} — $42.00 (Pending)`)
  expect(await invoiceStatus(page, baseURL, invoice.id)).toBe('pending')
  await page.getByRole('tab', { name: 'Payment History' }).click()
  await expect(page.getByRole('heading', { name: 'No payments yet' })).toBeVisible()

  // The same invoice, a good card: the one PaymentIntent goes through.
  await page.getByRole('button', { name: 'Go to Payment Form' }).click()
  await expect(page.getByRole('tab', { name: 'Make Payment' })).toBeFocused()
  await enterCard(page, '4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Payment Successful' })).toBeVisible()
  await expect(failure).toHaveCount(0)
  expect(await invoiceStatus(page, baseURL, invoice.id)).toBe('paid')
  const payments = (await (await apiGet(page.request, baseURL, '/api/payments')).json()) as { invoiceId: number; status: string }[]
  expect(payments.filter((payment) => payment.invoiceId === invoice.id).map((payment) => payment.status)).toEqual(['completed'])
})

test('the 3D Secure card asks for authentication and completes the payment', async ({ page, baseURL, families, adminRequest: admin }) => {
  const family = await families.signIn(page)
  const invoice = await createInvoice(admin, { userId: family.id, amount: 130.25, description: unique('Summer intensive ') })

  await openBilling(page)
  await choose(page, invoice.description)
  await enterCard(page, '4000 0027 6000 3184')
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled()

  const challenge = page.getByRole('dialog', { name: '3D Secure authentication' })
  await expect(challenge).toBeVisible()
  expect(await invoiceStatus(page, baseURL, invoice.id)).toBe('pending')
  await challenge.getByRole('button', { name: 'Complete authentication' }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Payment Successful' })).toBeVisible()
  expect(await invoiceStatus(page, baseURL, invoice.id)).toBe('paid')
  await page.getByRole('tab', { name: 'Payment History' }).click()
  await expect(page.getByRole('row').filter({ hasText: invoice.description })).toContainText('$130.25')
})

test('Pay Now without an invoice asks for one, and a family with nothing to pay is told so, without a card form', async ({
  page,
  baseURL,
  families,
  adminRequest: admin,
}) => {
  const family = await families.signIn(page)

  await openBilling(page)
  // Issue 23: with nothing owed there is no card form at all, only the words.
  await expect(page.getByText('You have no pending invoices.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0)
  await expect(page.getByLabel('Credit or debit card number')).toHaveCount(0)

  const invoice = await createInvoice(admin, { userId: family.id, amount: 15, description: unique('Recital tickets ') })
  await createInvoice(admin, { userId: family.id, amount: 20, description: unique('Old fee '), status: 'paid' })
  await page.reload()
  await expect(page.getByText('You have no pending invoices.')).toHaveCount(0)
  await expect(page.getByLabel('Cardholder name')).toHaveValue(family.fullName)
  await expect(invoiceOption(page, invoice.description)).toBeEnabled()
  await expect(invoiceOption(page, 'Old fee')).toBeDisabled()
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Missing Information' })).toContainText('Please select an invoice to pay.')
  await expect(invoiceSelect(page)).toHaveAccessibleDescription('Please select an invoice to pay.')
  expect(await invoiceStatus(page, baseURL, invoice.id)).toBe('pending')
})

test('a card the box can tell is incomplete is reported under the box, and nothing is charged', async ({ page, baseURL, families, adminRequest: admin }) => {
  const family = await families.signIn(page)
  const invoice = await createInvoice(admin, { userId: family.id, amount: 60, description: unique('Shoes ') })

  await openBilling(page)
  await choose(page, invoice.description)
  await page.getByLabel('Credit or debit card number').fill('4242 4242')
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await expect(page.getByRole('group', { name: 'Card details' })).toHaveAccessibleDescription('Your card number is incomplete.')
  await expect(page.getByRole('alert').filter({ hasText: 'Payment Failed' })).toContainText('Your card number is incomplete.')
  expect(await invoiceStatus(page, baseURL, invoice.id)).toBe('pending')
})

test('a visitor who is not signed in is sent to /auth', async ({ page }) => {
  await page.goto('/billing')
  await expect(page).toHaveURL(/\/auth$/)
})

test('when Stripe.js cannot be loaded, the card box says so and Pay Now stays off', async ({ page, baseURL, families, adminRequest: admin }) => {
  const family = await families.signIn(page)
  const invoice = await createInvoice(admin, { userId: family.id, amount: 30, description: unique('Workshop ') })

  await page.route(/^https:\/\/([a-z0-9-]+\.)*stripe\.com\//, (route) => route.abort('internetdisconnected'))
  await page.goto('/billing')
  await expect(page.getByRole('group', { name: 'Card details' })).toContainText('Payment form not properly loaded. Please refresh the page and try again.')
  await choose(page, invoice.description)
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeDisabled()
  expect(await invoiceStatus(page, baseURL, invoice.id)).toBe('pending')
})

test('a failed load is a toast titled Error: the invoices alone, or all of the data', async ({ page, families }) => {
  await families.signIn(page)
  const fail = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Down' }) })

  await page.route('**/api/invoices', fail)
  await openBilling(page)
  await expect(page.getByRole('status').filter({ hasText: 'Error' })).toContainText('Failed to load billing information. Please try again.')

  await page.route('**/api/payments', fail)
  await openBilling(page)
  await expect(page.getByRole('status').filter({ hasText: 'Error' })).toContainText('Failed to load data. Please try again.')
})
