import type { Browser, Page } from '@playwright/test'

import { addDays, formatCalendarDay, todayIso } from '#shared/dates'
import { expect, test } from './support/fixtures'

import { api, signIn, unique } from './support/accounts'
import { openAdminTab } from './support/admin-console'
import { bornYearsAgo, E2E_EMERGENCY_CONTACT, expectToast, openPortal, seriousViolations } from './support/portal'

/**
 * Issue 27, exams, on a phone: the office creates an exam session, a teacher proposes a dancer
 * of their class, the office confirms, the parent accepts on the dashboard (the fee will be
 * billed), the office records the result and the parent reads it on the report cards page.
 */

/** Another signed-in person on their own phone (a context of its own, the same screen size). */
async function phoneOf(browser: Browser, page: Page, baseURL: string | undefined, account: { username: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined })
  const other = await context.newPage()
  await signIn(other, baseURL, account)
  return other
}

test('an exam entry from the teacher’s proposal to the result on the report cards page', async ({
  page,
  baseURL,
  adminRequest,
  families,
  cleanup,
  browser,
  classes,
}) => {
  test.setTimeout(150_000)
  const admin = api(adminRequest, baseURL)
  const family = await families.create('Exam Parent')
  const username = unique('examteach-')
  const teacher = { username, password: `pw-${username}-long`, fullName: 'Ms. Exam Journey', email: `${username}@example.com` }
  const made = await adminRequest.post('/cms-api/users', { data: { ...teacher, isActive: true, isAdmin: false, isTeacher: true } })
  expect(made.ok(), await made.text()).toBe(true)
  const teacherId = ((await made.json()) as { doc: { id: number } }).doc.id
  cleanup.family(teacherId)
  const classId = (await classes.createInCms({ name: unique('Exam Ballet '), teacher: teacherId })).id
  const mia = unique('Mia ')
  const student = await admin.post<{ id: number }>('/api/students', {
    fullName: mia,
    dateOfBirth: bornYearsAgo(8),
    experienceLevel: 'Beginner',
    userId: family.id,
    emergencyContact: E2E_EMERGENCY_CONTACT,
  })
  await admin.post('/api/enrollments', { studentId: student.id, classId })

  const syllabus = unique('RAD ')
  const examDay = addDays(todayIso(), 30)
  const sessionLabel = `${syllabus}, ${formatCalendarDay(examDay)}`
  const office = await (await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined })).newPage()
  const entry = office.getByTestId('exam-entry').filter({ hasText: mia })

  await test.step('the office creates a session; the shared schema’s messages show under the fields', async () => {
    await openAdminTab(office, baseURL, 'exams')
    await expect(office.getByText(/Showing ([\d,]+–)?[\d,]+ of [\d,]+ entr(y|ies)/)).toBeVisible()
    await office.getByRole('button', { name: 'New exam session' }).click()
    const dialog = office.getByRole('dialog', { name: 'New exam session' })
    await dialog.getByRole('button', { name: 'Create session' }).click()
    await expect(dialog.getByText('Syllabus is required (at most 120 characters)')).toBeVisible()
    await expect(dialog.getByText('List a fee for at least one grade (at most 30)')).toBeVisible()
    await dialog.getByLabel('Syllabus').fill(syllabus)
    await dialog.getByLabel('Venue').fill('Main studio')
    await dialog.getByLabel('Exam date').fill(examDay)
    await dialog.getByLabel('Entry deadline').fill(addDays(todayIso(), 10))
    await dialog.getByLabel('Grade 3 ($)', { exact: true }).fill('65')
    expect(await seriousViolations(office)).toEqual([])
    await dialog.getByRole('button', { name: 'Create session' }).click()
    await expectToast(office, 'Exam session created', syllabus)
    const { sessions } = await admin.get<{ sessions: Array<{ id: number; syllabus: string }> }>('/api/admin/exam-entries')
    cleanup.examSession(sessions.find((s) => s.syllabus === syllabus)!.id)
    await expect(office.getByRole('list', { name: 'Sessions to come' })).toContainText(syllabus)
  })

  await test.step('the teacher proposes the dancer of their class for Grade 3', async () => {
    const phone = await phoneOf(browser, page, baseURL, teacher)
    await openPortal(phone, '/teach')
    await phone.getByRole('link', { name: 'Exams' }).click()
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Exams')
    await expect(phone.locator('astro-island[ssr]')).toHaveCount(0)
    await phone.getByLabel('Exam session').selectOption({ label: sessionLabel })
    await expect(phone.getByText(`Propose by ${formatCalendarDay(addDays(todayIso(), 10))}.`)).toBeVisible()
    const candidate = phone.getByTestId('exam-candidate').filter({ hasText: mia })
    await candidate.getByLabel('Grade').selectOption({ label: 'Grade 3 ($65.00)' })
    await candidate.getByRole('button', { name: `Propose ${mia}` }).click()
    await expect(candidate).toContainText('Proposed: waiting for the studio')
    expect(await seriousViolations(phone)).toEqual([])
    await phone.context().close()
  })

  await test.step('the office confirms the proposal', async () => {
    await office.reload()
    await expect(office.getByRole('tablist', { name: 'Administration' })).toHaveAttribute('data-ready', '')
    await office.getByLabel('Session', { exact: true }).selectOption({ label: sessionLabel })
    await expect(office.getByText('Showing 1 of 1 entry')).toBeVisible()
    await entry.getByRole('button', { name: `Confirm ${mia}` }).click()
    await expectToast(office, 'Entry confirmed: the family is asked to accept it.')
    await expect(entry).toContainText('Confirmed: waiting for the family')
  })

  await test.step('the parent accepts on the dashboard, told the fee will be billed', async () => {
    await signIn(page, baseURL, family)
    await openPortal(page, '/dashboard')
    const card = page.getByRole('region', { name: 'Exam entries to answer' })
    await expect(card).toContainText(`${mia} is put forward for the ${syllabus} Grade 3 exam`)
    await expect(card).toContainText('Entry fee $65.00: if you accept, it will be billed to your account.')
    expect(await seriousViolations(page)).toEqual([])
    await card.getByRole('button', { name: `Accept the exam entry for ${mia}` }).click()
    await expectToast(page, 'Exam entry accepted', 'the $65.00 fee will be billed')
    await expect(card).toHaveCount(0)
  })

  await test.step('the office records the result', async () => {
    await office.reload()
    await expect(office.getByRole('tablist', { name: 'Administration' })).toHaveAttribute('data-ready', '')
    await office.getByLabel('Status', { exact: true }).selectOption({ label: 'Waiting for the studio' })
    await office.getByLabel('Student', { exact: true }).fill(mia)
    await expect(entry).toContainText('Accepted by the family')
    await entry.getByRole('button', { name: `Record result ${mia}` }).click()
    const dialog = office.getByRole('dialog', { name: 'Record the result' })
    await dialog.getByRole('button', { name: 'Save result' }).click()
    await expect(dialog.getByText('Mark must be a whole number from 0 to 100')).toBeVisible()
    await dialog.getByLabel('Mark (0 to 100)').fill('78')
    await dialog.getByLabel('Grade', { exact: true }).selectOption({ label: 'Merit' })
    await dialog.getByRole('button', { name: 'Save result' }).click()
    await expectToast(office, 'Result recorded', `${mia}: Merit, mark 78.`)
    await expect(office.getByText('Showing 0 of 0 entries')).toBeVisible()
    expect(await seriousViolations(office)).toEqual([])
    await office.context().close()
  })

  await test.step('the parent reads the result on the report cards page', async () => {
    await openPortal(page, `/report-cards/${student.id}`)
    const results = page.getByRole('region', { name: 'Exam results' })
    await expect(results).toContainText(`${syllabus} Grade 3, ${formatCalendarDay(examDay)}: Merit, mark 78`)
    expect(await seriousViolations(page)).toEqual([])
  })
})
