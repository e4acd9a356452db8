import type { InvoiceDto } from '#api/invoices/schemas'
import { unique } from './support/accounts'
import { openAdminTab, visibleItem } from './support/admin-console'
import { openBilling } from './support/billing'
import { expect, test } from './support/fixtures'
import { seriousViolations } from './support/portal'

test('a family sees what its tuition invoice is made of on /billing: each line with its student, class and amount', async ({
  page,
  adminRequest: admin,
  families,
}) => {
  const family = await families.signIn(page, 'Robin Lines')
  const students: { id: number; name: string }[] = []
  for (const name of ['Ada Lines', 'Ben Lines']) {
    const created = await admin.post('/cms-api/students', { data: { user: family.id, fullName: name, dateOfBirth: '2017-05-01', experienceLevel: 'Beginner' } })
    expect(created.status(), await created.text()).toBe(201)
    students.push({ id: ((await created.json()) as { doc: { id: number } }).doc.id, name })
  }
  const classes = (await (await admin.get('/api/classes')).json()) as { id: number; name: string }[]
  const [first, second] = classes as [{ id: number; name: string }, { id: number; name: string }]
  const description = unique('Tuition Jan 2027 ')
  const response = await admin.post('/api/invoices', {
    data: {
      userId: family.id,
      description,
      dueDate: '2027-01-05',
      kind: 'tuition',
      period: '2027-01',
      lines: [
        { kind: 'tuition', description: `${first.name} — Ada Lines, Jan 2027`, amountCents: 6500, studentId: students[0]!.id, classId: first.id },
        { kind: 'tuition', description: `${second.name} — Ben Lines, Jan 2027`, amountCents: 5000, studentId: students[1]!.id, classId: second.id },
        { kind: 'discount', description: 'Sibling discount 10% — Ben Lines', amountCents: -500, studentId: students[1]!.id },
        { kind: 'registration', description: 'Registration fee, 2026–2027 season', amountCents: 2500 },
      ],
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  const invoice = (await response.json()) as InvoiceDto
  expect(invoice.amount).toBe(135)

  await openBilling(page)
  await expect(page.getByRole('heading', { name: 'Your invoices' })).toBeVisible()
  const lines = page.getByRole('list', { name: `Lines of invoice #${invoice.id}` })
  await expect(lines).toBeVisible()
  const items = lines.getByRole('listitem')
  await expect(items).toHaveCount(4)
  await expect(items.nth(0)).toContainText(`${first.name} — Ada Lines, Jan 2027`)
  await expect(items.nth(0)).toContainText(`Student: Ada Lines · Class: ${first.name}`)
  await expect(items.nth(0)).toContainText('$65.00')
  await expect(items.nth(1)).toContainText(`Student: Ben Lines · Class: ${second.name}`)
  await expect(items.nth(1)).toContainText('$50.00')
  await expect(items.nth(2)).toContainText('Sibling discount 10% — Ben Lines')
  await expect(items.nth(2)).toContainText('−$5.00')
  await expect(items.nth(3)).toContainText('Registration fee, 2026–2027 season')
  await expect(items.nth(3)).toContainText('$25.00')
  // The invoice itself, above its lines: the total, due date and status; and it can be chosen to pay.
  const card = page.locator(`[data-invoice-id="${invoice.id}"]`)
  await expect(card).toContainText(description)
  await expect(card).toContainText('$135.00')
  await expect(card).toContainText('Pending')
  await page.getByLabel('Invoice', { exact: true }).selectOption({ label: `${description} — $135.00 (Pending)` })
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('$135.00')

  expect(await seriousViolations(page)).toEqual([])
})

test('the admin console shows the lines under a lined invoice, and none under a hand-made one', async ({ page, baseURL, adminRequest: admin, families }) => {
  const family = await families.create('Sam Lines')
  const lined = await admin.post('/api/invoices', {
    data: {
      userId: family.id,
      description: unique('Tuition Feb 2027 '),
      dueDate: '2027-02-05',
      kind: 'tuition',
      period: '2027-02',
      lines: [
        { kind: 'tuition', description: 'Ballet — Feb 2027', amountCents: 7000 },
        { kind: 'credit', description: 'Credit for a cancelled class', amountCents: -1750 },
      ],
    },
  })
  expect(lined.status(), await lined.text()).toBe(201)
  const invoice = (await lined.json()) as InvoiceDto
  const plain = await admin.post('/api/invoices', { data: { userId: family.id, amount: 30, description: unique('Costume '), dueDate: '2027-02-05' } })
  expect(plain.status(), await plain.text()).toBe(201)
  const handMade = (await plain.json()) as InvoiceDto

  await openAdminTab(page, baseURL, 'invoices')
  const item = visibleItem(page, 'data-invoice-id', invoice.id)
  await expect(item).toContainText('$52.50')
  await expect(item).toContainText('2027-02')
  // Issue 23: the lines are folded until asked for.
  const lines = item.getByRole('list', { name: `Lines of invoice #${invoice.id}` })
  await expect(lines).toHaveCount(0)
  await item.getByRole('button', { name: `Show 2 lines of invoice #${invoice.id}` }).click()
  await expect(lines.getByRole('listitem')).toHaveCount(2)
  await expect(lines.getByRole('listitem').nth(0)).toContainText('$70.00')
  await expect(lines.getByRole('listitem').nth(1)).toContainText('Credit for a cancelled class')
  await expect(lines.getByRole('listitem').nth(1)).toContainText('−$17.50')
  await expect(visibleItem(page, 'data-invoice-id', handMade.id)).toContainText('$30.00')
  await expect(page.getByRole('list', { name: `Lines of invoice #${handMade.id}` })).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])
})
