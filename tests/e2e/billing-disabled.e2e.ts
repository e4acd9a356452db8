import { expect, test } from './support/fixtures'

import { unique } from './support/accounts'
import { createInvoice, enterCard, invoiceStatus, openBilling, setPaymentsDisabled } from './support/billing'

/** The global payments switch (spec §2, §4; decisions §5): off blocks the page and the API. */
test('when an admin disables payments, /billing says so and blocks paying, and so does the API', async ({ page, baseURL, families, adminRequest: admin }) => {
  const family = await families.signIn(page)
  const invoice = await createInvoice(admin, { userId: family.id, amount: 75, description: unique('Spring tuition ') })

  await setPaymentsDisabled(admin, true)
  try {
    await openBilling(page)
    await expect(page.getByRole('status').filter({ hasText: 'Payments are currently disabled' })).toBeVisible()
    // The invoice can be looked at, but Pay Now stays off even once the card box is there.
    await page.getByLabel('Invoice', { exact: true }).selectOption({ label: `${invoice.description} — $75.00 (Pending)` })
    await expect(page.getByLabel('Credit or debit card number')).toBeVisible()
    await expect(page.getByLabel('Credit or debit card number')).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeDisabled()

    // Payment History's empty state is inactive.
    await page.getByRole('tab', { name: 'Payment History' }).click()
    await expect(page.getByRole('button', { name: 'Payments Disabled' })).toBeDisabled()

    // The server refuses too, whatever the page does.
    const refused = await page.request.post('/api/stripe/create-payment-intent', {
      data: { invoiceId: invoice.id, amount: 75, currency: 'USD' },
      headers: { origin: new URL(baseURL!).origin },
    })
    expect(refused.status()).toBe(403)
    expect(await refused.json()).toEqual({ message: 'Payments are currently disabled' })
    expect(await invoiceStatus(page, baseURL, invoice.id)).toBe('pending')
  } finally {
    await setPaymentsDisabled(admin, false)
  }

  // Re-enabled: the same page pays again.
  await page.reload()
  await expect(page.getByText('Payments are currently disabled')).toHaveCount(0)
  await page.getByLabel('Invoice', { exact: true }).selectOption({ label: `${invoice.description} — $75.00 (Pending)` })
  await enterCard(page, '4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Payment Successful' })).toBeVisible()
  expect(await invoiceStatus(page, baseURL, invoice.id)).toBe('paid')
})
