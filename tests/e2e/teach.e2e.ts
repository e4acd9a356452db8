import { expect, test } from './support/fixtures'

import { api, signIn, unique } from './support/accounts'
import { bornYearsAgo, openPortal, seriousViolations, academyWeekdayToday } from './support/portal'

/**
 * decisions §9 on a phone: an administrator makes a teacher, a class of theirs that meets
 * today and two enrolled students; the teacher opens /teach, finds the class, marks
 * present, late and absent, loses the connection mid-class without losing a mark, and finds
 * every mark again after a reload. A family is refused the page; a visitor is sent to /auth.
 */
test('a teacher takes attendance for today’s class on a phone', async ({ page, baseURL, adminRequest, families, browser, cleanup, classes }) => {
  test.setTimeout(120_000)
  const admin = api(adminRequest, baseURL)
  const family = await families.create('Attendance Parent')

  const username = unique('teach-')
  const teacher = { username, password: `pw-${username}-long`, fullName: 'Ms. Teacher Journey', email: `${username}@example.com` }
  const made = await adminRequest.post('/cms-api/users', { data: { ...teacher, isActive: true, isAdmin: false, isTeacher: true } })
  expect(made.ok(), await made.text()).toBe(true)
  const teacherId = ((await made.json()) as { doc: { id: number } }).doc.id
  cleanup.family(teacherId)

  // The server's day (UTC without ACADEMY_TIMEZONE) names the weekday the class meets.
  const today = academyWeekdayToday()
  const className = unique('Attendance Class ')
  // The class leaves with the test: the public catalogue journeys count every class and age group.
  const classId = (await classes.createInCms({ name: className, days: `${today} & Saturday`, teacher: teacherId })).id
  const ava = unique('Ava ')
  const ben = unique('Ben ')
  const first = await admin.post('/api/students', {
    fullName: ava,
    dateOfBirth: bornYearsAgo(7),
    experienceLevel: 'Beginner',
    userId: family.id,
    emergencyContact: { name: 'Grandma Journey', phone: '555 010 2030' },
  })
  const second = await admin.post('/api/students', { fullName: ben, dateOfBirth: bornYearsAgo(9), experienceLevel: 'Beginner', userId: family.id })
  await admin.post('/api/enrollments', { studentId: first.id, classId })
  const benEnrollment = await admin.post<{ id: number }>('/api/enrollments', { studentId: second.id, classId })

  await test.step('a visitor goes to /auth, a family gets Access Denied', async () => {
    await page.goto('/teach')
    await expect(page).toHaveURL(/\/auth$/)
    const familyContext = await browser.newContext({ baseURL })
    const familyPage = await familyContext.newPage()
    await signIn(familyPage, baseURL, family)
    const refused = await familyPage.goto('/teach')
    expect(refused?.status()).toBe(403)
    await expect(familyPage.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
    await familyContext.close()
  })

  await signIn(page, baseURL, teacher)
  const row = (name: string) => page.getByTestId('roster-row').filter({ hasText: name })
  const mark = (name: string, status: string) => row(name).getByRole('button', { name: status, exact: true })

  await test.step("today's class and its roster: names, ages, emergency contact", async () => {
    await openPortal(page, '/teach')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Attendance')
    await expect(page.getByRole('button', { name: new RegExp(className) })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('heading', { name: className })).toBeVisible()
    await expect(page.getByTestId('roster-row')).toHaveCount(2)
    await expect(row(ava)).toContainText('Age 7')
    await expect(row(ava)).toContainText('Grandma Journey')
    await expect(row(ava).getByRole('link', { name: '555 010 2030' })).toHaveAttribute('href', 'tel:5550102030')
    await expect(row(ben)).toContainText('Age 9')
    await expect(row(ben)).toContainText('No emergency contact')
  })

  await test.step('present, late, then a change to absent: each saved at once', async () => {
    await mark(ava, 'Present').click()
    await expect(mark(ava, 'Present')).toHaveAttribute('aria-pressed', 'true')
    await mark(ben, 'Late').click()
    await expect(mark(ben, 'Late')).toHaveAttribute('aria-pressed', 'true')
    await mark(ava, 'Absent').click()
    await expect(mark(ava, 'Absent')).toHaveAttribute('aria-pressed', 'true')
    await expect(mark(ava, 'Present')).toHaveAttribute('aria-pressed', 'false')
    await expect(page.getByText('Saved: 0 present, 1 absent, 1 late')).toBeVisible()
    await expect(page.getByText(/Not saved yet/)).toHaveCount(0)
  })

  await test.step('offline: the mark stays visible as not saved yet, and is sent when the connection returns', async () => {
    await page.context().setOffline(true)
    await mark(ben, 'Present').click()
    await expect(mark(ben, 'Present')).toHaveAttribute('aria-pressed', 'true')
    await expect(row(ben).getByText(/Not saved yet/)).toBeVisible()
    await page.context().setOffline(false)
    await expect(row(ben).getByText(/Not saved yet/)).toHaveCount(0)
    await expect(page.getByText('Saved: 1 present, 1 absent, 0 late')).toBeVisible()
  })

  await test.step('after a reload every mark is still there', async () => {
    await openPortal(page, '/teach')
    await expect(mark(ava, 'Absent')).toHaveAttribute('aria-pressed', 'true')
    await expect(mark(ben, 'Present')).toHaveAttribute('aria-pressed', 'true')
    await expect(mark(ben, 'Late')).toHaveAttribute('aria-pressed', 'false')
    const records = await admin.get<{ studentName: string; status: string }[]>(`/api/admin/attendance?classId=${classId}`)
    expect(records.map((r) => [r.studentName, r.status]).sort()).toEqual([
      [ava, 'absent'],
      [ben, 'present'],
    ])
  })

  await test.step('a mark the server refuses leaves the phone with a word, and is not retried', async () => {
    // Ben leaves the class while the teacher's roster still shows him.
    await admin.delete(`/api/enrollments/${benEnrollment.id}`)
    await mark(ben, 'Late').click()
    await expect(row(ben).getByRole('alert')).toHaveText('The late mark was not saved: This student is not enrolled in this class.')
    await expect(row(ben).getByText(/Not saved yet/)).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('academy.teach.unsaved-marks') ?? '{}')).not.toContain('"late"')
  })

  await test.step('no serious accessibility findings on /teach', async () => {
    await page.waitForLoadState('networkidle')
    expect(await seriousViolations(page)).toEqual([])
  })
})

test('a family gives a student an emergency contact, then changes it', async ({ page, families, api }) => {
  await families.signIn(page, 'Contact Parent')
  const child = unique('Mia ')
  await openPortal(page, '/account')
  await page.getByRole('button', { name: 'Add Student' }).click()
  const form = page.getByRole('form', { name: 'Add Student' })
  await form.getByLabel('Full Name').fill(child)
  await form.getByLabel('Date of Birth').fill(bornYearsAgo(8))
  await form.getByLabel('Contact Name').fill('Aunt Only')
  await form.getByRole('button', { name: 'Add Student' }).click()
  await expect(form.getByText('Please give the emergency contact’s phone number')).toBeVisible()
  await form.getByLabel('Contact Phone').fill('555 010 4040')
  await form.getByRole('button', { name: 'Add Student' }).click()
  await expect(form).toHaveCount(0)

  await page.getByRole('button', { name: `Contact for ${child}` }).click()
  const dialog = page.getByRole('dialog', { name: `Emergency contact of ${child}` })
  await expect(dialog.getByLabel('Contact Name')).toHaveValue('Aunt Only')
  await dialog.getByLabel('Contact Phone').fill('call me')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Please enter a valid phone number for the emergency contact')).toBeVisible()
  await dialog.getByLabel('Contact Phone').fill('555 010 5050')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const students = await api.get<{ fullName: string; emergencyContact: { name: string; phone: string } | null }[]>('/api/students')
  expect(students.find((s) => s.fullName === child)?.emergencyContact).toEqual({ name: 'Aunt Only', phone: '555 010 5050' })
  expect(await seriousViolations(page)).toEqual([])
})
