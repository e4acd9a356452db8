import type { StatementDto } from '#api/statements/schemas'
import type { TuitionRunResult } from '#api/tuition/schemas'
import { formatCents } from '#shared/money'
import { monthLabel } from '#shared/tuition'
import { signIn, unique } from './support/accounts'
import { openAdminTab, pickMatch } from './support/admin-console'
import { enrollNewStudent, enterCard, openBilling } from './support/billing'
import { expect, test } from './support/fixtures'
import { seriousViolations } from './support/portal'

/**
 * The month's run from the Tuition tab (decisions §11): a dry run, then the real one, and the
 * family's statement on /billing. The run is scoped to this test's own family (the Families
 * picker) and bills a month no other journey uses, so it disturbs nobody's invoices.
 */
const MONTH = '2031-05'

test('the admin runs a month (dry run, then real) and the family sees the invoice, pays it and reads its statement', async ({
  page,
  browser,
  baseURL,
  adminRequest: admin,
  families,
}) => {
  test.setTimeout(120_000)
  const family = await families.create(unique('Tess Tuition '))
  const { cls, enrollmentId } = await enrollNewStudent(admin, family.id, 'Tilly Tuition')

  try {
    // What the engine bills the family for the month (a dry run changes nothing).
    const preview = (await (await admin.post('/api/admin/tuition/run', { data: { period: MONTH, userIds: [family.id] } })).json()) as TuitionRunResult
    const total = formatCents(preview.totalCents)
    expect(preview.families.map((f) => f.outcome)).toEqual(['wouldCreate'])

    await openAdminTab(page, baseURL, 'tuition')
    const panel = page.getByRole('tabpanel', { name: 'Tuition' })
    await expect(panel.getByRole('heading', { name: 'Tuition settings' })).toBeVisible({ timeout: 30_000 })
    // The settings form shows the shared messages, and a refused form saves nothing.
    await panel.getByLabel('Billing day of the month').fill('31')
    await panel.getByRole('button', { name: 'Save Settings' }).click()
    await expect(panel.getByText('Billing day must be a whole number from 1 to 28')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await panel.getByLabel('Month', { exact: true }).fill(MONTH)
    await pickMatch(panel, 'Families', family.email, family.fullName)
    await panel.getByRole('button', { name: 'Dry run' }).click()
    await expect(panel.getByRole('heading', { name: `Dry run — ${monthLabel(MONTH)}` })).toBeVisible({ timeout: 30_000 })
    await expect(panel.getByTestId('dry-run-total')).toContainText(`1 invoice would be created, ${total} in all`)
    const card = panel.locator(`[data-run-user-id="${family.id}"]`)
    await expect(card).toContainText(total)
    await expect(card.getByRole('list', { name: `Lines for ${family.fullName}` })).toContainText(`${cls.name} — Tilly Tuition, ${monthLabel(MONTH)}`)
    expect(await seriousViolations(page)).toEqual([])
    // Nothing is billed yet.
    const before = (await (await admin.get(`/api/admin/families/${family.id}/statement`)).json()) as StatementDto
    expect(before.invoices).toEqual([])

    await panel.getByRole('button', { name: 'Create 1 invoice' }).click()
    const confirm = page.getByRole('dialog', { name: 'Create 1 invoice?' })
    await expect(confirm).toContainText(`${monthLabel(MONTH)}, ${total} in all`)
    await confirm.getByRole('button', { name: 'Create 1 invoice' }).click()
    await expect(confirm).toBeHidden()
    await expect(panel.getByRole('status').filter({ hasText: 'Month run' })).toContainText(`Created 1 invoice, ${total} in all.`)
    const figures = panel.getByRole('definition').filter({ hasText: /·/ })
    await expect(figures.first()).toBeVisible()
    await expect(panel.getByRole('link', { name: `Download CSV of ${monthLabel(MONTH)}` })).toHaveAttribute(
      'href',
      `/api/admin/tuition/summary.csv?month=${MONTH}`,
    )

    // The admin reads the family's statement from the run's result.
    await panel.getByRole('button', { name: `Statement of ${family.fullName}` }).click()
    const statementDialog = page.getByRole('dialog', { name: `Statement — ${family.fullName}` })
    await expect(statementDialog.getByTestId('statement-balance')).toHaveText(total)
    await expect(statementDialog.getByTestId('statement-autopay')).toContainText('Autopay is off')
    expect(await seriousViolations(page)).toEqual([])
    await statementDialog.getByRole('button', { name: 'Close dialog' }).click()

    // The family, on its phone: the statement, the invoice with its lines, then pays it by card.
    const context = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined })
    const phone = await context.newPage()
    try {
      await signIn(phone, baseURL, family)
      await openBilling(phone)
      const statement = phone.getByRole('region', { name: 'Statement' })
      // The first read waits longer: on a loaded machine the page's data can take a while.
      await expect(statement.getByTestId('statement-balance')).toHaveText(total, { timeout: 30_000 })
      await expect(statement.getByTestId('statement-next')).toContainText('about $')
      await expect(statement.getByTestId('statement-autopay')).toHaveText('Autopay is off: each invoice is paid here, by card, when it arrives.')
      // Issue 23: the invoices are listed once on /billing, in the list with its filter, not again in the statement.
      const invoice = phone.locator('[data-invoice-id]')
      await expect(invoice).toHaveCount(1)
      await expect(invoice).toContainText(`Tuition, ${monthLabel(MONTH)}`)
      await expect(invoice).toContainText('Pending')
      await expect(invoice.getByRole('listitem')).toContainText([`${cls.name} — Tilly Tuition, ${monthLabel(MONTH)}`])
      expect(await seriousViolations(phone)).toEqual([])

      const select = phone.getByLabel('Invoice', { exact: true })
      await select.selectOption({ label: `Tuition, ${monthLabel(MONTH)} — ${total} (Pending)` })
      await enterCard(phone, '4242 4242 4242 4242')
      await phone.getByRole('button', { name: 'Pay Now' }).click()
      await expect(phone.getByRole('status').filter({ hasText: 'Payment Successful' })).toBeVisible()

      // The statement follows: nothing owed, the invoice paid (no card form left), the card payment in the history.
      await expect(statement.getByTestId('statement-balance')).toHaveText('$0.00')
      await expect(invoice).toContainText('Paid')
      await expect(phone.getByRole('button', { name: 'Pay Now' })).toHaveCount(0)
      await phone.getByRole('tab', { name: 'Payment History' }).click()
      const payment = phone.getByRole('row').filter({ hasText: `Tuition, ${monthLabel(MONTH)}` })
      await expect(payment).toContainText('Completed')
      expect(await seriousViolations(phone)).toEqual([])
    } finally {
      await context.close()
    }

    // The month's figures count the card payment.
    const summary = (await (await admin.get(`/api/admin/tuition/summary?month=${MONTH}`)).json()) as { charged: { count: number } }
    expect(summary.charged.count).toBeGreaterThanOrEqual(1)

    // The admin reads the same statement from the Users tab: nothing owed, the payment listed.
    await page.getByRole('tab', { name: 'Users' }).click()
    await page.getByLabel('Filter by email').fill(family.email)
    await page.getByRole('button', { name: `Statement of ${family.fullName}` }).click()
    const fromUsers = page.getByRole('dialog', { name: `Statement — ${family.fullName}` })
    await expect(fromUsers.getByTestId('statement-balance')).toHaveText('$0.00', { timeout: 30_000 })
    await fromUsers.getByRole('button', { name: 'Show invoices and payments' }).click()
    await expect(fromUsers.locator('[data-statement-payment-id]')).toContainText(['completed'])
    expect(await seriousViolations(page)).toEqual([])
  } finally {
    await admin.delete(`/api/enrollments/${enrollmentId}`)
  }
})
