import { expect, test } from './support/fixtures'

import { api, unique } from './support/accounts'
import { waitForMail } from './support/mailbox'
import { bornYearsAgo, expectToast, openPortal, seriousViolations } from './support/portal'

/**
 * Split billing on a phone (issue 24, decisions "split billing"): with the academy's switch on,
 * the first parent bills one child to the second parent from the Household section; after the
 * month's run the second parent's statement shows only the invoice billed to them. The switch is
 * turned off again, and the journey's accounts and class leave with it.
 */
test('a child billed to the second parent appears only on their statement', async ({ page, browser, baseURL, adminRequest, families, cleanup, classes }) => {
  test.setTimeout(120_000)
  const admin = api(adminRequest, baseURL)
  const origin = new URL(baseURL!).origin
  const setSplit = (splitBilling: boolean) => adminRequest.post('/cms-api/globals/tuition-settings', { data: { splitBilling }, headers: { origin } })
  const classId = (await classes.createInCms({ name: unique('Split Class '), days: 'Daily', capacity: 8 })).id

  const first = await families.signIn(page, 'Ada First')
  const family = api(page.request, baseURL)
  const [older, younger] = [unique('Olga '), unique('Yuri ')]
  const started = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10)
  for (const fullName of [older, younger]) {
    const student = await family.post<{ id: number }>('/api/students', { fullName, dateOfBirth: bornYearsAgo(7), experienceLevel: 'Beginner' })
    await admin.post('/api/enrollments', { studentId: student.id, classId, enrollmentDate: started })
  }

  const email = `${unique('split-second')}@example.com`
  await family.post('/api/household/invites', { email, access: 'full' })
  const mail = await waitForMail((m) => m.to.includes(email) && m.text.includes('/household/join?token='))
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!
  const username = unique('splitsecond')
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, 40)
  cleanup.familyNamed(username)
  const secondContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined, baseURL })
  const second = await secondContext.newPage()
  try {
    await api(second.request, baseURL).post('/api/household-invites/accept', {
      token,
      account: { fullName: 'Sam Second', username, password: 'second-parent-password-9', phone: null },
    })
    expect((await setSplit(true)).ok()).toBe(true)

    await test.step('the first parent bills the younger child to the second parent', async () => {
      await openPortal(page, '/account')
      const billedTo = page.getByRole('region', { name: 'Household' }).getByRole('list', { name: 'Billed to' })
      await billedTo.getByLabel(younger).selectOption({ label: 'Sam Second' })
      await expectToast(page, 'Billing Updated')
      expect(await seriousViolations(page)).toEqual([])
    })

    const period = new Date().toISOString().slice(0, 7)
    await admin.post('/api/admin/tuition/run', { period, dryRun: false, userIds: [first.id] })

    await test.step('the second parent’s statement shows only what is billed to them', async () => {
      await openPortal(second, '/billing')
      await expect(second.getByTestId('statement-billed-to-you')).toBeVisible()
      await expect(second.getByText(younger).first()).toBeVisible()
      // The children's names appear on their invoice lines: the older child's are not the second parent's.
      await expect(second.getByText(older)).toHaveCount(0)
      expect(await seriousViolations(second)).toEqual([])
      await openPortal(page, '/billing')
      await expect(page.getByText(older).first()).toBeVisible()
      await expect(page.getByText(younger)).toHaveCount(0)
    })
  } finally {
    await setSplit(false)
    await secondContext.close()
  }
})
