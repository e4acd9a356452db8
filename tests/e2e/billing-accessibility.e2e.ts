import AxeBuilder from '@axe-core/playwright'
import { type Page } from '@playwright/test'

import { expect, test } from './support/fixtures'
import { unique } from './support/accounts'
import { createInvoice, enterCard, openBilling } from './support/billing'
import { AT_DESKTOP_TOO } from './support/ports'

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
}

test(
  '/billing has no serious or critical accessibility violations: the form, a failure, and the history',
  AT_DESKTOP_TOO,
  async ({ page, families, adminRequest: admin }) => {
    const family = await families.signIn(page)
    const invoice = await createInvoice(admin, { userId: family.id, amount: 50, description: unique('Ballet class ') })

    await openBilling(page)
    await expect(page.getByLabel('Credit or debit card number')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await page.getByLabel('Invoice', { exact: true }).selectOption({ label: `${invoice.description} — $50.00 (Pending)` })
    await enterCard(page, '4000 0000 0000 0002')
    await page.getByRole('button', { name: 'Pay Now' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Payment Failed' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('tab', { name: 'Payment History' }).click()
    await expect(page.getByRole('button', { name: 'Go to Payment Form' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('tab', { name: 'Payment History' }).press('ArrowLeft')
    await expect(page.getByRole('tab', { name: 'Make Payment' })).toBeFocused()
    await expect(page.getByRole('tab', { name: 'Make Payment' })).toHaveAttribute('aria-selected', 'true')
    await enterCard(page, '4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Pay Now' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Payment Successful' })).toBeVisible()
    await page.getByRole('tab', { name: 'Make Payment' }).press('End')
    await expect(page.getByRole('table')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  },
)
