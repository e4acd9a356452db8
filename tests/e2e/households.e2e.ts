import { HOUSEHOLD_MESSAGES } from '#api/households/schemas'
import { expect, test } from './support/fixtures'

import { api, unique } from './support/accounts'
import { waitForMail } from './support/mailbox'
import { bornYearsAgo, expectToast, openPortal, seriousViolations } from './support/portal'

/**
 * Issue 24 on a phone: the first parent invites the second from their account page; the second
 * parent opens the mailed link, makes their own sign-in, sees the same child and reports an
 * absence. The journey's accounts and class leave with it.
 */
test('a second parent accepts an invitation and reports an absence', async ({ page, browser, baseURL, adminRequest, families, cleanup, classes }) => {
  test.setTimeout(120_000)
  const admin = api(adminRequest, baseURL)
  const className = unique('Household Class ')
  const classId = (await classes.createInCms({ name: className, days: 'Daily', capacity: 8 })).id

  const first = await families.signIn(page, 'Ann First')
  const dancer = unique('Nina ')
  const student = await api(page.request, baseURL).post<{ id: number }>('/api/students', {
    fullName: dancer,
    dateOfBirth: bornYearsAgo(7),
    experienceLevel: 'Beginner',
  })
  const started = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10)
  await admin.post('/api/enrollments', { studentId: student.id, classId, enrollmentDate: started })
  const owed = unique('Household invoice ')
  await admin.post('/api/invoices', { userId: first.id, description: owed, amount: 45, status: 'pending', dueDate: started })

  const email = `${unique('second-parent')}@example.com`
  await test.step('the first parent invites the second from their account', async () => {
    await openPortal(page, '/account')
    const household = page.getByRole('region', { name: 'Household' })
    await expect(household.getByRole('list', { name: 'Guardians' })).toContainText(first.fullName)
    const form = household.getByRole('form', { name: 'Invite a guardian' })
    await form.getByLabel('Their email').fill(email)
    await form.getByLabel('Access').selectOption('view')
    await form.getByRole('button', { name: 'Send Invitation' }).click()
    await expectToast(page, 'Invitation Sent')
    await expect(household.getByRole('list', { name: 'Invitations waiting' })).toContainText(email)
    expect(await seriousViolations(page)).toEqual([])
  })

  const mail = await waitForMail((m) => m.to.includes(email) && m.text.includes('/household/join?token='))
  const link = /(\/household\/join\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!

  await test.step('the link joins no account but the invited address: the first parent, signed in, is told so', async () => {
    await openPortal(page, link)
    await expect(page.getByRole('note').filter({ hasText: HOUSEHOLD_MESSAGES.otherAddress })).toBeVisible()
    await expect(page.getByText(`This invitation is for ${email}.`)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Join Household' })).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
  })

  const secondContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined, baseURL })
  const second = await secondContext.newPage()
  const username = unique('second')
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, 40)
  cleanup.familyNamed(username)
  try {
    await test.step('the second parent makes their own sign-in from the link', async () => {
      await openPortal(second, link)
      await expect(second.getByText(`Ann First invited you to join the household of Ann First with view and attendance access.`)).toBeVisible()
      expect(await seriousViolations(second)).toEqual([])
      await second.getByLabel('Full name').fill('Ben Second')
      await second.getByLabel('Username').fill(username)
      await second.getByLabel('Password', { exact: true }).fill('second-parent-password-9')
      await second.getByLabel('Confirm password').fill('second-parent-password-9')
      await second.getByRole('button', { name: 'Create Account and Join' }).click()
      await second.waitForURL('**/dashboard')
    })

    await test.step('the second parent sees the same child and reports an absence', async () => {
      await openPortal(second, '/dashboard')
      await second.getByRole('button', { name: `View Classes of ${dancer}` }).click()
      await second.getByRole('button', { name: `Report Absence from ${className}` }).click()
      const dialog = second.getByRole('dialog', { name: 'Report Absence' })
      const day = dialog.getByLabel('Class day')
      await day.selectOption((await day.locator('option').nth(1).getAttribute('value'))!)
      await dialog.getByRole('button', { name: 'Report Absence' }).click()
      await expect(dialog).toHaveCount(0)
      await expectToast(second, 'Absence reported', `${dancer} is reported absent from ${className}`)
      expect(await seriousViolations(second)).toEqual([])
    })

    await test.step('the view-only parent is offered no change they may not make', async () => {
      // The server refuses them with 403 (tests/int/households.int.test.ts); the page does not offer it.
      const card = second.getByTestId('student-card').filter({ hasText: dancer })
      await expect(card.getByRole('button', { name: `Report Absence from ${className}` })).toBeVisible()
      await expect(card.getByRole('link', { name: `Manage Classes for ${dancer}` })).toHaveCount(0)
      await expect(card.getByRole('button', { name: `Remove ${className}` })).toHaveCount(0)
      await expect(card.getByRole('button', { name: `Edit ${dancer}` })).toHaveCount(0)
      await openPortal(second, '/billing')
      await expect(second.getByText(owed).first()).toBeVisible()
      await expect(second.getByRole('note').filter({ hasText: 'Ask a guardian with full access' })).toBeVisible()
      await expect(second.getByRole('button', { name: 'Pay Now' })).toHaveCount(0)
      await openPortal(page, '/billing')
      await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible()
    })

    await test.step('the first parent sees the second in the household', async () => {
      await openPortal(page, '/account')
      const guardians = page.getByRole('region', { name: 'Household' }).getByRole('list', { name: 'Guardians' })
      await expect(guardians).toContainText('Ben Second')
      await expect(guardians).toContainText('View and attendance')
    })
  } finally {
    await secondContext.close()
  }
})
