import type { CreditDto } from '#api/invoices/credits.schemas'
import type { InvoiceDto } from '#api/invoices/schemas'
import { unique } from './support/accounts'
import { familySession, openAdminTab, toast, visibleItem } from './support/admin-console'
import { createInvoice, openBilling } from './support/billing'
import { expect, test } from './support/fixtures'
import { seriousViolations } from './support/portal'

/** Decisions §10 on a phone: void, mark paid offline, issue a credit; the family sees all three on /billing. */
test('an admin voids one invoice, marks another paid by cheque and issues a credit; the family sees it on /billing', async ({
  page,
  browser,
  baseURL,
  adminRequest: admin,
  families,
}) => {
  // Three dialogs, three axe runs and a second session: longer than the default on a busy machine.
  test.setTimeout(120_000)
  const family = await families.create(unique('Actions '))
  const wrong = await createInvoice(admin, { userId: family.id, amount: 40, description: unique('Costume twice ') })
  const cheque = await createInvoice(admin, { userId: family.id, amount: 125.5, description: unique('Tuition by cheque ') })

  await openAdminTab(page, baseURL, 'invoices')

  // Void, with a reason the dialog asks for first.
  const wrongRow = visibleItem(page, 'data-invoice-id', wrong.id)
  await wrongRow.getByRole('button', { name: /^Void/ }).click()
  const voidDialog = page.getByRole('dialog', { name: /^Void invoice #\d+ for / })
  await expect(voidDialog).toContainText(wrong.description)
  await voidDialog.getByRole('button', { name: 'Void invoice' }).click()
  await expect(voidDialog.getByText('Reason must be 3 to 300 characters')).toBeVisible()
  await voidDialog.getByLabel('Reason').fill('Billed twice by mistake')
  expect(await seriousViolations(page)).toEqual([])
  await voidDialog.getByRole('button', { name: 'Void invoice' }).click()
  await expect(voidDialog).toBeHidden()
  await expect(toast(page, 'Invoice Voided')).toBeVisible()
  await expect(wrongRow).toContainText('cancelled')
  await expect(wrongRow).toContainText('Billed twice by mistake')
  await expect(wrongRow.getByRole('button', { name: /^Void/ })).toHaveCount(0)

  // Mark paid offline: by cheque, today, with a note.
  const chequeRow = visibleItem(page, 'data-invoice-id', cheque.id)
  await chequeRow.getByRole('button', { name: /^Mark paid offline/ }).click()
  const paidDialog = page.getByRole('dialog', { name: 'Mark paid offline' })
  await paidDialog.getByLabel('Paid by').selectOption({ label: 'Cheque' })
  await paidDialog.getByLabel('Date received').fill('2099-01-01')
  await paidDialog.getByRole('button', { name: 'Mark paid' }).click()
  await expect(paidDialog.getByText('Date received cannot be in the future')).toBeVisible()
  await paidDialog.getByLabel('Date received').fill(new Date().toISOString().slice(0, 10))
  await paidDialog.getByLabel('Note (optional)').fill('Cheque no. 1042')
  expect(await seriousViolations(page)).toEqual([])
  await paidDialog.getByRole('button', { name: 'Mark paid' }).click()
  await expect(paidDialog).toBeHidden()
  await expect(toast(page, 'Invoice Paid')).toContainText('$125.50 by cheque')
  await expect(chequeRow).toContainText('paid')
  await expect(chequeRow.getByRole('button', { name: /^Mark paid offline/ })).toHaveCount(0)

  // A credit for the family, from its invoice.
  await chequeRow.getByRole('button', { name: /^Credits/ }).click()
  const credits = page.getByRole('dialog', { name: `Credits · ${family.fullName}` })
  await expect(credits.getByText('No open credits.')).toBeVisible()
  await credits.getByLabel('Amount (USD)').fill('twelve')
  await credits.getByLabel('Reason').fill('Missed class on the 12th')
  await credits.getByRole('button', { name: 'Issue credit' }).click()
  await expect(credits.getByText('Amount must be dollars and cents, such as 25.00')).toBeVisible()
  await credits.getByLabel('Amount (USD)').fill('25')
  await credits.getByRole('button', { name: 'Issue credit' }).click()
  await expect(toast(page, 'Credit Issued')).toContainText('$25.00')
  const open = credits.getByRole('list', { name: 'Open credits' })
  await expect(open.getByRole('listitem')).toHaveCount(1)
  await expect(open).toContainText('Missed class on the 12th')
  await expect(open).toContainText('$25.00 left')
  expect(await seriousViolations(page)).toEqual([])
  await credits.getByRole('button', { name: 'Close dialog' }).click()
  const stored = (await (await admin.get(`/api/admin/credits?userId=${family.id}`)).json()) as CreditDto[]
  expect(stored).toMatchObject([{ amountCents: 2500, remainingCents: 2500, status: 'open', reason: 'Missed class on the 12th' }])

  // The family: the voided invoice with its reason, the cheque in its payment history.
  const familyView = await familySession(browser, baseURL, family)
  await openBilling(familyView.page)
  const voided = familyView.page.locator(`[data-invoice-id="${wrong.id}"]`)
  await expect(voided).toContainText('Cancelled')
  await expect(voided).toContainText('Voided by the academy: Billed twice by mistake')
  await expect(familyView.page.locator(`[data-invoice-id="${cheque.id}"]`)).toContainText('Paid')
  // The credit waits on the statement until a tuition invoice takes it off.
  const creditNote = familyView.page.getByTestId('statement-credits')
  await expect(creditNote).toContainText('Credit: $25.00')
  await expect(creditNote).toContainText('Missed class on the 12th')
  await familyView.page.getByRole('tab', { name: 'Payment History' }).click()
  const history = familyView.page.getByRole('row').filter({ hasText: cheque.description })
  await expect(history).toContainText('$125.50')
  await expect(history).toContainText('Cheque (recorded by the academy)')
  await expect(history).toContainText('Completed')
  expect(await seriousViolations(familyView.page)).toEqual([])
  const own = (await (await familyView.request.get('/api/invoices', { headers: { origin: new URL(baseURL!).origin } })).json()) as InvoiceDto[]
  expect(own.find((invoice) => invoice.id === wrong.id)).toMatchObject({ status: 'cancelled', voidReason: 'Billed twice by mistake' })
  await familyView.close()
})
