import { expect, test } from './support/fixtures'

import { api, unique } from './support/accounts'
import { openHouseholdDialog, toast } from './support/admin-console'
import { inviteSecondParent } from './support/second-parent'
import { bornYearsAgo, expectToast, openPortal, seriousViolations } from './support/portal'

/**
 * Split billing on a phone (issue 24, decisions "split billing", §38): with the academy's switch
 * on, the first parent asks to bill one child to the second parent from the Household section;
 * nothing is billed to the second parent until they accept on their own account page. After the
 * month's run the second parent's statement shows only the invoice billed to them. Then the first
 * parent asks for one class of the older child, the second parent declines, and the administrator,
 * who settles disputes, bills it from the console's household at once and reads it in the history.
 * The switch is turned off again, and the journey's accounts and class leave with it.
 */
test('a child billed to the second parent appears only on their statement', async ({ page, browser, baseURL, adminRequest, families, cleanup, classes }) => {
  test.setTimeout(120_000)
  const admin = api(adminRequest, baseURL)
  const origin = new URL(baseURL!).origin
  const setSplit = (splitBilling: boolean) => adminRequest.post('/cms-api/globals/tuition-settings', { data: { splitBilling }, headers: { origin } })
  const className = unique('Split Class ')
  const classId = (await classes.createInCms({ name: className, days: 'Daily', capacity: 8 })).id

  const first = await families.signIn(page, 'Ada First')
  const family = api(page.request, baseURL)
  const [older, younger] = [unique('Olga '), unique('Yuri ')]
  const started = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10)
  for (const fullName of [older, younger]) {
    const student = await family.post<{ id: number }>('/api/students', { fullName, dateOfBirth: bornYearsAgo(7), experienceLevel: 'Beginner' })
    await admin.post('/api/enrollments', { studentId: student.id, classId, enrollmentDate: started })
  }

  const { page: second, context: secondContext } = await inviteSecondParent({ page, browser, baseURL, cleanup, label: 'split' })
  let closeAdmin = async () => {}
  try {
    expect((await setSplit(true)).ok()).toBe(true)

    await test.step('the first parent asks to bill the younger child to the second parent', async () => {
      await openPortal(page, '/account')
      const billedTo = page.getByRole('region', { name: 'Household' }).getByRole('list', { name: 'Billed to' })
      const choice = billedTo.getByLabel(younger, { exact: true })
      await choice.selectOption({ label: 'Sam Second' })
      await expectToast(page, 'Request Sent')
      // Asked, not billed: the choice still names the payer until the second parent accepts.
      await expect(choice).toHaveValue('')
      await expect(billedTo.getByText('Waiting for Sam Second to accept.')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    await test.step('the second parent accepts on their account page', async () => {
      await openPortal(second, '/account')
      const requests = second.getByRole('list', { name: 'Requests to bill you' })
      await expect(requests).toContainText(younger)
      expect(await seriousViolations(second)).toEqual([])
      await requests.getByRole('button', { name: `Accept ${younger}` }).click()
      await expectToast(second, 'Billing Accepted')
      await expect(requests).toHaveCount(0)
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

    await test.step('the first parent asks for one class of the older child, and the second parent declines', async () => {
      await openPortal(page, '/account')
      const classes = page.getByRole('region', { name: 'Household' }).getByRole('list', { name: `Classes of ${older}` })
      const choice = classes.getByLabel(className, { exact: true })
      await expect(choice).toHaveValue('')
      await choice.selectOption({ label: 'Sam Second' })
      await expectToast(page, 'Request Sent')
      await expect(choice).toHaveValue('')
      await expect(classes.getByText('Waiting for Sam Second to accept.')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await openPortal(second, '/account')
      await second.getByRole('button', { name: `Decline ${older}, ${className}` }).click()
      await expectToast(second, 'Request Declined')
    })

    await test.step('the administrator bills the class to the second parent at once, and reads it in the history', async () => {
      const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined, baseURL })
      closeAdmin = () => adminContext.close()
      const studio = await adminContext.newPage()
      const dialog = await openHouseholdDialog(studio, baseURL, first)
      const billing = dialog.getByRole('region', { name: 'Billed to' })
      const choice = billing.getByRole('list', { name: `Classes of ${older}` }).getByLabel(className, { exact: true })
      await expect(choice).toHaveValue('')
      await expect(billing.getByLabel(younger, { exact: true }).locator('option:checked')).toHaveText('Sam Second')
      expect(await seriousViolations(studio)).toEqual([])
      await choice.selectOption({ label: 'Sam Second' })
      await expect(toast(studio, 'Billing Updated')).toBeVisible()
      await expect(choice.locator('option:checked')).toHaveText('Sam Second')
      await expect(dialog.getByRole('list', { name: 'Household history' })).toContainText(`${older}, ${className}: billed to Sam Second`)
    })
  } finally {
    await setSplit(false)
    await secondContext.close()
    await closeAdmin()
  }
})
