import { expect, test } from './support/fixtures'

import { api, unique } from './support/accounts'
import { bornYearsAgo, seriousViolations, openPortal, academyWeekdayToday } from './support/portal'

/**
 * Issue 23, a teacher's way in, on a phone: the sign-in form takes a teacher to /teach, Teach
 * is in the navigation, the page has the portal's margins and a skip link that lands on the
 * content; "All present" marks everyone without a mark, then the exceptions are changed one
 * by one, and the server holds exactly those marks.
 */
test('a teacher signs in to /teach, marks everyone present at once, then the exceptions', async ({
  page,
  baseURL,
  adminRequest,
  families,
  cleanup,
  classes,
}) => {
  test.setTimeout(120_000)
  const admin = api(adminRequest, baseURL)
  const family = await families.create('All Present Parent')

  const username = unique('teacher-')
  const teacher = { username, password: `pw-${username}-long`, fullName: 'Mr. All Present', email: `${username}@example.com` }
  const made = await adminRequest.post('/cms-api/users', { data: { ...teacher, isActive: true, isAdmin: false, isTeacher: true } })
  expect(made.ok(), await made.text()).toBe(true)
  const teacherId = ((await made.json()) as { doc: { id: number } }).doc.id
  cleanup.family(teacherId)

  // The server's day (UTC without ACADEMY_TIMEZONE) names the weekday the class meets.
  const today = academyWeekdayToday()
  const className = unique('Morning Roster ')
  const classId = (await classes.createInCms({ name: className, days: `${today} & Saturday`, teacher: teacherId })).id
  const [ava, ben, cleo] = [unique('Ava '), unique('Ben '), unique('Cleo ')]
  for (const fullName of [ava, ben, cleo]) {
    const student = await admin.post<{ id: number }>('/api/students', {
      fullName,
      dateOfBirth: bornYearsAgo(7),
      experienceLevel: 'Beginner',
      userId: family.id,
    })
    await admin.post('/api/enrollments', { studentId: student.id, classId })
  }

  await test.step('the sign-in form takes a teacher to /teach', async () => {
    await openPortal(page, '/auth')
    await page.getByLabel('Username').fill(teacher.username)
    await page.getByLabel('Password').fill(teacher.password)
    await page.locator('form').getByRole('button', { name: 'Log In' }).click()
    await expect(page).toHaveURL(/\/teach$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Attendance')
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0)
  })

  await test.step('Teach is in the navigation, marked as the current page', async () => {
    const teach = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teach' })
    await expect(teach).toHaveAttribute('href', '/teach')
    await expect(teach).toHaveAttribute('aria-current', 'page')
  })

  await test.step('the portal’s margins, and the skip link puts focus on the content', async () => {
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox()
    expect(heading!.x).toBeGreaterThanOrEqual(16)
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await skip.press('Enter')
    await expect(page.locator('main#main')).toBeFocused()
  })

  const row = (name: string) => page.getByTestId('roster-row').filter({ hasText: name })
  const mark = (name: string, status: string) => row(name).getByRole('button', { name: status, exact: true })

  await test.step('a mark given first stays; All present marks everyone else present', async () => {
    await expect(page.getByTestId('roster-row')).toHaveCount(3)
    await mark(cleo, 'Late').click()
    await expect(page.getByText('Saved: 0 present, 0 absent, 1 late')).toBeVisible()
    await expect(page.getByText('Marks the 2 students without a mark as present')).toBeVisible()
    await page.getByRole('button', { name: 'All present', exact: true }).click()
    await expect(page.getByText('Saved: 2 present, 0 absent, 1 late')).toBeVisible()
    await expect(mark(ava, 'Present')).toHaveAttribute('aria-pressed', 'true')
    await expect(mark(ben, 'Present')).toHaveAttribute('aria-pressed', 'true')
    await expect(mark(cleo, 'Late')).toHaveAttribute('aria-pressed', 'true')
    // Everyone has a mark now: the action leaves.
    await expect(page.getByRole('button', { name: 'All present', exact: true })).toHaveCount(0)
  })

  await test.step('then the exceptions, one by one', async () => {
    await mark(ben, 'Absent').click()
    await expect(page.getByText('Saved: 1 present, 1 absent, 1 late')).toBeVisible()
    const records = await admin.get<{ studentName: string; status: string }[]>(`/api/admin/attendance?classId=${classId}`)
    expect(records.map((r) => [r.studentName, r.status]).sort()).toEqual([
      [ava, 'present'],
      [ben, 'absent'],
      [cleo, 'late'],
    ])
  })

  await test.step('no serious accessibility findings on /teach', async () => {
    await page.waitForLoadState('networkidle')
    expect(await seriousViolations(page)).toEqual([])
  })
})
