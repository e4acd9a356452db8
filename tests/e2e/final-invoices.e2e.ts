import type { InvoiceDto } from '#api/invoices/schemas'
import { unique } from './support/accounts'
import { openAdminTab, toast, visibleItem } from './support/admin-console'
import { createInvoice } from './support/billing'
import { expect, test } from './support/fixtures'
import { seriousViolations } from './support/portal'

/** Issue 23 on a phone: a paid invoice is final; its payment is reversed with a reason; a delete names what it deletes. */
test('an admin cannot change or delete a paid invoice, reverses its payment with a reason, and confirms a delete that names the invoice', async ({
  page,
  baseURL,
  adminRequest: admin,
  families,
}) => {
  test.setTimeout(90_000)
  const family = await families.create(unique('Final '))
  const paid = await createInvoice(admin, { userId: family.id, amount: 120, description: unique('Spring costume ') })
  const spare = await createInvoice(admin, { userId: family.id, amount: 35.5, description: unique('Recital photos ') })
  const marked = await admin.post(`/api/admin/invoices/${paid.id}/mark-paid`, {
    data: { method: 'cheque', receivedOn: new Date().toISOString().slice(0, 10), note: 'Cheque no. 118' },
  })
  expect(marked.status(), await marked.text()).toBe(200)

  await openAdminTab(page, baseURL, 'invoices')
  const paidRow = visibleItem(page, 'data-invoice-id', paid.id)
  await expect(paidRow).toContainText('paid')
  // Final is final: nothing on a paid invoice but reversing its payment (and the family's credits).
  for (const name of [/^Set Pending/, /^Set Paid/, /^Delete/, /^Void/, /^Mark paid offline/]) await expect(paidRow.getByRole('button', { name })).toHaveCount(0)

  await paidRow.getByRole('button', { name: /^Reverse payment/ }).click()
  const reverse = page.getByRole('dialog', { name: `Reverse the payment of invoice #${paid.id} for ${family.fullName} ($120.00)?` })
  await expect(reverse).toContainText(paid.description)
  await reverse.getByRole('button', { name: 'Reverse payment' }).click()
  await expect(reverse.getByText('Reason must be 3 to 300 characters')).toBeVisible()
  await reverse.getByLabel('Reason').fill('The cheque bounced')
  expect(await seriousViolations(page)).toEqual([])
  await reverse.getByRole('button', { name: 'Reverse payment' }).click()
  await expect(reverse).toBeHidden()
  await expect(toast(page, 'Payment Reversed')).toContainText(`Invoice #${paid.id} is pending again`)
  await expect(paidRow).toContainText('pending')
  await expect(paidRow.getByRole('button', { name: /^Mark paid offline/ })).toBeVisible()
  await expect(paidRow.getByRole('button', { name: /^Reverse payment/ })).toHaveCount(0)
  // The console shows the reversal with its reason under the invoice.
  await expect(paidRow.getByRole('list', { name: 'Refunded or reversed payments' })).toContainText('reversed')
  await expect(paidRow.getByRole('list', { name: 'Refunded or reversed payments' })).toContainText('The cheque bounced')

  // The payment stays on record, reversed, with the reason.
  const payments = (await (await admin.get('/api/payments')).json()) as { invoiceId: number; status: string; reversal: { reason: string } | null }[]
  expect(payments.filter((p) => p.invoiceId === paid.id)).toMatchObject([{ status: 'reversed', reversal: { reason: 'The cheque bounced' } }])
  const invoices = (await (await admin.get('/api/invoices/all')).json()) as InvoiceDto[]
  expect(invoices.find((i) => i.id === paid.id)?.status).toBe('pending')

  // A delete asks first, naming the invoice, its family and its amount.
  const spareRow = visibleItem(page, 'data-invoice-id', spare.id)
  await spareRow.getByRole('button', { name: /^Delete/ }).click()
  const confirm = page.getByRole('dialog', { name: `Delete invoice #${spare.id} for ${family.fullName} ($35.50)?` })
  await expect(confirm).toContainText('This action cannot be undone.')
  await expect(confirm).toContainText(spare.description)
  expect(await seriousViolations(page)).toEqual([])
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Invoice Deleted')).toBeVisible()
  await expect(spareRow).toHaveCount(0)
})
