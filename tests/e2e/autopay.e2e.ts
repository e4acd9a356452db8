import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, type Page } from '@playwright/test'

import type { InvoiceDto } from '#api/invoices/schemas'
import { routeStripeStandIns } from '#tests/support/stripe-js-stand-in'
import { expect, test } from './support/fixtures'
import { unique } from './support/accounts'
import { enterCard, invoiceStatus, stripeStandInUrl } from './support/billing'
import { waitForMail } from './support/mailbox'

/**
 * Autopay (decisions §12) at phone size: a parent saves a card with the Payment Element on
 * /account and turns autopay on; a card that is saved fine but declines charges produces the
 * failure email, and the parent pays from its link. Stripe.js and Stripe's API are the local
 * stand-ins; the charge is the real job, run by hand through POST /api/admin/autopay/run.
 */

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
}

async function openAccount(page: Page) {
  await routeStripeStandIns(page, { apiBase: stripeStandInUrl() })
  await page.goto('/account')
  await expect(page.getByRole('heading', { name: 'Card & autopay' })).toBeVisible()
}

/** Saves a test card through the Payment Element and turns autopay on. */
async function saveCardAndTurnOnAutopay(page: Page, number: string, lastFour: string) {
  const section = page.getByRole('region', { name: 'Card & autopay' })
  await expect(section.getByText('No card saved.')).toBeVisible()
  const autopay = section.getByRole('switch', { name: 'Autopay' })
  await expect(autopay).toBeDisabled()
  await section.getByRole('button', { name: 'Save a card' }).click()
  await enterCard(page, number)
  await section.getByRole('button', { name: 'Save card' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Card saved' })).toBeVisible()
  await expect(section.getByText(`Visa ending in ${lastFour}`, { exact: true })).toBeVisible()
  await expect(section.getByText('Expires 12/2034')).toBeVisible()

  await expect(autopay).toBeEnabled()
  await expect(autopay).toHaveAttribute('aria-checked', 'false')
  await autopay.click()
  await expect(autopay).toHaveAttribute('aria-checked', 'true')
  await expect(autopay).toHaveAccessibleDescription(
    new RegExp(`^On\\. Each monthly tuition invoice is charged to your Visa ending in ${lastFour} on the \\d+(st|nd|rd|th) of each month`),
  )
}

/** A tuition invoice due yesterday (within autopay's catch-up days in any time zone), made by the admin. */
async function tuitionInvoiceDueNow(admin: APIRequestContext, userId: number, description: string): Promise<InvoiceDto> {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
  const response = await admin.post('/api/invoices', {
    data: {
      userId,
      description,
      status: 'pending',
      dueDate: yesterday,
      kind: 'tuition',
      period: yesterday.slice(0, 7),
      lines: [{ kind: 'tuition', description: 'Ballet I', amountCents: 12_500 }],
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as InvoiceDto
}

test('a parent saves a card and turns on autopay, and can remove the card again', async ({ page, families }) => {
  await families.signIn(page)
  await openAccount(page)
  await saveCardAndTurnOnAutopay(page, '4242 4242 4242 4242', '4242')
  expect(await seriousViolations(page)).toEqual([])

  // After a reload the server's state is shown.
  await page.reload()
  const section = page.getByRole('region', { name: 'Card & autopay' })
  await expect(section.getByRole('switch', { name: 'Autopay' })).toHaveAttribute('aria-checked', 'true', { timeout: 15_000 })

  await section.getByRole('button', { name: 'Remove card' }).click()
  const dialog = page.getByRole('dialog', { name: 'Remove this card?' })
  await expect(dialog).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Remove card' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Card removed' })).toBeVisible()
  await expect(section.getByText('No card saved.')).toBeVisible()
  await expect(section.getByRole('switch', { name: 'Autopay' })).toHaveAttribute('aria-checked', 'false')
})

test('a declined autopay charge is emailed, and the parent pays from the link', async ({ page, families, adminRequest: admin, baseURL }) => {
  const family = await families.signIn(page)
  await openAccount(page)
  // Saved fine, declined when charged (Stripe's 4000 0000 0000 0341).
  await saveCardAndTurnOnAutopay(page, '4000 0000 0000 0341', '0341')

  const invoice = await tuitionInvoiceDueNow(admin, family.id, unique('Tuition '))
  const run = await admin.post('/api/admin/autopay/run')
  expect(run.status()).toBe(200)
  expect(((await run.json()) as { failed: number }).failed).toBeGreaterThanOrEqual(1)

  const mail = await waitForMail((m) => m.to.includes(family.email) && m.subject.startsWith('Autopay could not charge'))
  const link = /https?:\/\/\S+\/billing\?invoice=\d+/.exec(mail.text)?.[0]
  expect(link).toBeTruthy()
  expect(new URL(link!).searchParams.get('invoice')).toBe(String(invoice.id))

  await routeStripeStandIns(page, { apiBase: stripeStandInUrl() })
  await page.goto(new URL(link!).pathname + new URL(link!).search)
  await expect(page.getByLabel('Invoice', { exact: true })).toHaveValue(String(invoice.id))
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('$125.00')
  expect(await seriousViolations(page)).toEqual([])
  await enterCard(page, '4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Payment Successful' })).toBeVisible()
  await expect.poll(() => invoiceStatus(page, baseURL, invoice.id)).toBe('paid')

  // Paid: the job leaves it alone from now on.
  const again = await admin.post('/api/admin/autopay/run')
  expect(again.status()).toBe(200)
})
