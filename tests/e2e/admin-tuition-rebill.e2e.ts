import type { StatementDto } from '#api/statements/schemas'
import type { TuitionRunResult } from '#api/tuition/schemas'
import { monthLabel } from '#shared/tuition'
import { unique } from './support/accounts'
import { openAdminTab, pickMatch } from './support/admin-console'
import { enrollNewStudent } from './support/billing'
import { expect, test } from './support/fixtures'
import { seriousViolations } from './support/portal'

/**
 * A voided tuition month is billed again only when the administrator asks (decisions §10): the
 * dry run lists the family as voided, "Bill again" brings it back into the run, and the real
 * run replaces the voided invoice. A month of its own, scoped to this test's family.
 */
const MONTH = '2031-07'

test('the admin bills a voided month again from the Tuition tab, and only that family', async ({ page, baseURL, adminRequest: admin, families }) => {
  test.setTimeout(120_000)
  const family = await families.create(unique('Vera Voided '))
  const { cls, enrollmentId } = await enrollNewStudent(admin, family.id, 'Vita Voided')

  try {
    // The month billed, then its invoice voided.
    const billed = (await (
      await admin.post('/api/admin/tuition/run', { data: { period: MONTH, dryRun: false, userIds: [family.id] } })
    ).json()) as TuitionRunResult
    const voidedId = billed.families[0]!.invoiceId!
    const voided = await admin.post(`/api/admin/invoices/${voidedId}/void`, { data: { reason: 'Wrong class billed' } })
    expect(voided.status(), await voided.text()).toBe(200)

    await openAdminTab(page, baseURL, 'tuition')
    const panel = page.getByRole('tabpanel', { name: 'Tuition' })
    await expect(panel.getByRole('heading', { name: 'Run a month' })).toBeVisible({ timeout: 30_000 })
    await panel.getByLabel('Month', { exact: true }).fill(MONTH)
    await pickMatch(panel, 'Families', family.email, family.fullName)
    await panel.getByRole('button', { name: 'Dry run' }).click()

    // The dry run leaves the family alone and says why.
    await expect(panel.getByTestId('dry-run-total')).toContainText('0 invoices would be created', { timeout: 30_000 })
    await expect(panel.getByText('Voided, not billed again: 1 family.')).toBeVisible()
    const voidedList = panel.getByRole('region', { name: `Voided for ${monthLabel(MONTH)}` })
    await expect(voidedList.locator(`[data-voided-user-id="${family.id}"]`)).toContainText(`voided invoice #${voidedId}`)
    await expect(panel.getByRole('button', { name: 'Nothing to invoice' })).toBeDisabled()
    expect(await seriousViolations(page)).toEqual([])

    // Bill again: the dry run now includes the family, then the real run creates the invoice.
    await voidedList.getByRole('button', { name: `Bill again ${family.fullName}` }).click()
    await expect(panel.getByTestId('dry-run-total')).toContainText('1 invoice would be created')
    await expect(panel.locator(`[data-run-user-id="${family.id}"]`)).toContainText(`${cls.name} — Vita Voided, ${monthLabel(MONTH)}`)
    await expect(panel.getByRole('region', { name: `Voided for ${monthLabel(MONTH)}` })).toHaveCount(0)
    await panel.getByRole('button', { name: 'Create 1 invoice' }).click()
    const confirm = page.getByRole('dialog', { name: 'Create 1 invoice?' })
    await confirm.getByRole('button', { name: 'Create 1 invoice' }).click()
    await expect(confirm).toBeHidden()
    await expect(panel.getByRole('status').filter({ hasText: 'Month run' })).toContainText('Created 1 invoice')

    const statement = (await (await admin.get(`/api/admin/families/${family.id}/statement`)).json()) as StatementDto
    const ofMonth = statement.invoices.filter((invoice) => invoice.period === MONTH)
    expect(ofMonth.map((invoice) => [invoice.id === voidedId, invoice.status]).sort()).toEqual([
      [false, 'pending'],
      [true, 'cancelled'],
    ])

    // Running the month again (without asking) adds nothing.
    const again = (await (
      await admin.post('/api/admin/tuition/run', { data: { period: MONTH, dryRun: false, userIds: [family.id] } })
    ).json()) as TuitionRunResult
    expect(again.families.map((f) => f.outcome)).toEqual(['exists'])
  } finally {
    await admin.delete(`/api/enrollments/${enrollmentId}`)
  }
})
