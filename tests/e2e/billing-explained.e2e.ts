import type { StatementDto } from '#api/statements/schemas'
import type { TuitionRunResult } from '#api/tuition/schemas'
import { monthOf, todayIso } from '#shared/dates'
import { formatCents } from '#shared/money'
import { meetingDays, monthLabel } from '#shared/tuition'
import { api, unique } from './support/accounts'
import { createInvoice, openBilling } from './support/billing'
import { expect, test } from './support/fixtures'
import { addStudent, CLASS_FIELDS, seriousViolations } from './support/portal'

/*
 * Issue 23, the bill explains itself, on a phone: a family whose child starts a class in the
 * middle of next month reads what that month's invoice will contain, line by line, with the
 * reason for the prorated price (the late start and the class's closure); it filters its one
 * list of invoices by status, and with nothing owed it is shown no card form.
 */
test('a family reads the next invoice line by line with the reason for its proration, filters its invoices, and sees no pay form with nothing owed', async ({
  page,
  baseURL,
  adminRequest: admin,
  families,
  classes,
}) => {
  test.setTimeout(120_000)
  const family = await families.signIn(page, unique('Nora Next '))
  // Next month (the server's day in the journeys: no ACADEMY_TIMEZONE), from the 15th, the last of its Tuesday/Thursday classes closed.
  const month = monthOf(todayIso(), 1)
  const meetings = meetingDays(month, 'Tuesday & Thursday', [], { weekdays: ['Tuesday', 'Thursday'] })
  const closure = meetings.at(-1)!
  const cls = await classes.create({ ...CLASS_FIELDS, name: unique('Explained Ballet '), ageGroup: '6-8', capacity: 10, closures: [closure] })
  const dancer = await addStudent(page.request, baseURL, 'Nina Next', 7)
  await api(admin, baseURL).post('/api/enrollments', { studentId: dancer.id, classId: cls.id, enrollmentDate: `${month}-15` })
  // What the monthly run would bill, and why: the statement must say the same.
  const dry = (await (await admin.post('/api/admin/tuition/run', { data: { period: month, userIds: [family.id] } })).json()) as TuitionRunResult
  const lines = dry.families[0]!.lines
  const tuition = lines.find((line) => line.kind === 'tuition')!
  expect(tuition.explanation).toContain('the class starts on the 15th')
  expect(tuition.explanation).toContain(`the ${Number(closure.slice(8))}`)
  // A paid invoice and a voided one: nothing is owed.
  const paid = await createInvoice(admin, { userId: family.id, amount: 20, description: unique('Costume '), status: 'paid' })
  const voided = await createInvoice(admin, { userId: family.id, amount: 35, description: unique('Recital trip '), status: 'cancelled' })

  await openBilling(page)
  const statement = page.getByRole('region', { name: 'Statement' })
  const next = statement.getByRole('region', { name: `What the ${monthLabel(month)} invoice will contain` })
  await expect(next).toBeVisible({ timeout: 30_000 })
  // One group for the child, with the class and its reason; the family's own lines after it.
  const child = next.getByRole('list', { name: 'Nina Next' })
  await expect(child.getByRole('listitem').first()).toContainText(cls.name)
  await expect(child.getByRole('listitem').first()).toContainText(tuition.explanation)
  await expect(child.getByRole('listitem').first()).toContainText(formatCents(tuition.amountCents))
  for (const line of lines) await expect(next).toContainText(line.explanation)
  await expect(next.getByTestId('next-invoice-total')).toHaveText(formatCents(dry.families[0]!.totalCents))
  await expect(next).toContainText(`due on`)
  // The page's own statement carries exactly the run's lines.
  const body = await api(page.request, baseURL).get<StatementDto>('/api/billing/statement')
  expect(body.next!.lines).toEqual(lines)
  // Autopay is off: the statement says so once, and the invoice names no card.
  await expect(statement.getByTestId('statement-autopay')).toContainText('Autopay is off')
  await expect(next.getByTestId('next-invoice-payment')).toHaveCount(0)
  // The statement no longer repeats the invoices: the page lists them once.
  await expect(statement.getByRole('button', { name: 'Show invoices and payments' })).toHaveCount(0)

  // Nothing owed: no card form, said in words.
  await expect(page.getByTestId('nothing-owed')).toHaveText('Nothing is owed: you have no pending invoices.')
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0)
  await expect(page.getByLabel('Credit or debit card number')).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  // One list, filtered by status with counts.
  const filters = page.getByRole('group', { name: 'Show invoices' })
  await expect(filters.getByRole('button')).toHaveText(['All (2)', 'Owed (0)', 'Paid (1)', 'Void (1)'])
  const rows = page.locator('[data-invoice-id]')
  await expect(rows).toHaveCount(2)
  await filters.getByRole('button', { name: 'Paid (1)' }).click()
  await expect(filters.getByRole('button', { name: 'Paid (1)' })).toHaveAttribute('aria-pressed', 'true')
  await expect(rows).toHaveCount(1)
  await expect(page.locator(`[data-invoice-id="${paid.id}"]`)).toContainText('Paid')
  await filters.getByRole('button', { name: 'Void (1)' }).click()
  await expect(rows).toHaveCount(1)
  await expect(page.locator(`[data-invoice-id="${voided.id}"]`)).toContainText('Cancelled')
  await filters.getByRole('button', { name: 'Owed (0)' }).click()
  await expect(rows).toHaveCount(0)
  await expect(page.getByRole('tabpanel', { name: 'Make Payment' }).getByText('Nothing is owed.', { exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Something owed: the card form appears, offering that invoice.
  const owed = await createInvoice(admin, { userId: family.id, amount: 15, description: unique('Shoes ') })
  await page.reload()
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('nothing-owed')).toHaveCount(0)
  await expect(page.getByLabel('Invoice', { exact: true }).locator('option', { hasText: owed.description })).toBeEnabled()
  await expect(page.getByRole('group', { name: 'Show invoices' }).getByRole('button')).toHaveText(['All (3)', 'Owed (1)', 'Paid (1)', 'Void (1)'])
})
