import { expect, test } from './support/fixtures'

import { api, unique } from './support/accounts'
import { openAdminTab, pickMatch } from './support/admin-console'
import { bornYearsAgo, expectToast, openPortal, seriousViolations } from './support/portal'
import { addDays, formatCalendarDay } from '#shared/dates'
import { mondayOf } from '#shared/week-schedule'

/**
 * decisions §16 on a phone: a family reports that its dancer will miss a class, books a makeup
 * in another class of the same age group, and the makeup class's roster shows the dancer for
 * that day. The classes are the test's own and leave with it.
 */
test('a family reports an absence and books a makeup', async ({ page, baseURL, adminRequest, families, api: family, classes }) => {
  test.setTimeout(120_000)
  const admin = api(adminRequest, baseURL)
  const missedName = unique('Missed Class ')
  const makeupName = unique('Makeup Class ')
  const ids: number[] = []
  for (const name of [missedName, makeupName]) {
    ids.push((await classes.createInCms({ name, days: 'Daily', capacity: 8 })).id)
  }
  const [missedId, makeupId] = ids as [number, number]
  await families.signIn(page, 'Makeup Parent')
  const dancer = unique('Dora ')
  const student = await family.post<{ id: number }>('/api/students', { fullName: dancer, dateOfBirth: bornYearsAgo(7), experienceLevel: 'Beginner' })
  // In the class for two weeks already (the studio enrolls with a start date), so Remove is a drop
  // under the notice; a class that has not met yet would be undone outright (decisions §18).
  const started = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10)
  await admin.post('/api/enrollments', { studentId: student.id, classId: missedId, enrollmentDate: started })

  await openPortal(page, '/dashboard')
  await page.getByRole('button', { name: `View Classes of ${dancer}` }).click()

  let missedDay = ''
  await test.step('report an absence for a coming class day', async () => {
    await page.getByRole('button', { name: `Report Absence from ${missedName}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Report Absence' })
    const day = dialog.getByLabel('Class day')
    // The second coming day: tomorrow, since the class meets daily.
    const choice = day.locator('option').nth(1)
    missedDay = (await choice.getAttribute('value'))!
    await day.selectOption(missedDay)
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Report Absence' }).click()
    await expect(dialog).toHaveCount(0)
    await expectToast(page, 'Absence reported', `${dancer} is reported absent from ${missedName}`)
    await expect(page.getByTestId('absence').filter({ hasText: missedName })).toContainText('Absence reported by you')
  })

  let makeupDay = ''
  await test.step('book a makeup in the other class of the age group', async () => {
    await page.getByRole('button', { name: new RegExp(`^Book Makeup for ${missedName}`) }).click()
    const dialog = page.getByRole('dialog', { name: 'Book a Makeup' })
    const option = dialog.getByRole('radio', { name: new RegExp(makeupName) }).first()
    await expect(option).toBeVisible()
    makeupDay = (await option.getAttribute('value'))!.split(':')[1]!
    await option.check()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Book Makeup' }).click()
    await expect(dialog).toHaveCount(0)
    await expectToast(page, 'Makeup booked', `${dancer} is booked into ${makeupName}`)
    const absence = page.getByTestId('absence').filter({ hasText: missedName })
    await expect(absence).toContainText(`Makeup: ${makeupName}`)
    await expect(absence.getByRole('button', { name: /^Book Makeup/ })).toHaveCount(0)
  })

  await test.step("the makeup class's roster shows the dancer that day, the missed class's shows the report", async () => {
    const roster = await admin.get<{ students: { fullName: string; makeupFrom: string | null }[] }>(`/api/teach/classes/${makeupId}/roster?date=${makeupDay}`)
    expect(roster.students.find((s) => s.fullName === dancer)?.makeupFrom).toBe(missedName)
    const missed = await admin.get<{ students: { fullName: string; status: string | null; reportedByFamily: boolean }[] }>(
      `/api/teach/classes/${missedId}/roster?date=${missedDay}`,
    )
    expect(missed.students.find((s) => s.fullName === dancer)).toMatchObject({ status: 'absent', reportedByFamily: true })
  })

  await test.step('the schedule shows the absence on its day and the makeup on its own; another day is reported from the class', async () => {
    const { today } = await family.get<{ today: string }>('/api/self-service/rules')
    /** The schedule on the week holding `day` (this week first, "Next week" onwards). */
    const showWeekOf = async (day: string) => {
      await openPortal(page, '/schedule')
      const weeks = Math.round((Date.parse(mondayOf(day)) - Date.parse(mondayOf(today))) / (7 * 86_400_000))
      for (let week = 0; week < weeks; week += 1) await page.getByRole('button', { name: 'Next week' }).click()
      await expect(page.getByText(`Week of ${formatCalendarDay(mondayOf(day))}`)).toBeVisible()
    }
    const classOn = (day: string, name: string) => page.locator(`section[data-date="${day}"]`).getByRole('button', { name: new RegExp(name) })

    await showWeekOf(makeupDay)
    await expect(page.locator(`section[data-date="${makeupDay}"] [data-status="makeup"]`)).toContainText(`Makeup for ${missedName}`)
    await showWeekOf(missedDay)
    const missed = classOn(missedDay, missedName)
    await expect(missed).toHaveAttribute('data-status', 'absent')
    await expect(missed).toContainText('Absent — makeup')
    await missed.click()
    const dialog = page.getByRole('dialog', { name: missedName })
    await expect(dialog.getByTestId('class-day-absence')).toContainText(`Makeup: ${makeupName}`)
    await expect(dialog.getByRole('button', { name: 'Report Absence' })).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Close' }).click()

    const next = addDays(missedDay, 1)
    await showWeekOf(next)
    await classOn(next, missedName).click()
    await page.getByRole('dialog', { name: missedName }).getByRole('button', { name: 'Report Absence' }).click()
    const report = page.getByRole('dialog', { name: 'Report Absence' })
    await expect(report.getByLabel('Class day')).toHaveValue(next)
    await report.getByRole('button', { name: 'Report Absence' }).click()
    await expectToast(page, 'Absence reported', `${dancer} is reported absent from ${missedName}`)
    await expect(classOn(next, missedName)).toHaveAttribute('data-status', 'absent')
    expect(await seriousViolations(page)).toEqual([])
    await openPortal(page, '/dashboard')
    await page.getByRole('button', { name: `View Classes of ${dancer}` }).click()
  })

  await test.step('drop the class from a last day after the notice', async () => {
    // Remove is a drop with notice for a family (decisions §18).
    await page.getByRole('button', { name: `Remove ${missedName}` }).click()
    const dialog = page.getByRole('dialog', { name: `Remove ${missedName}` })
    await expect(dialog.getByLabel('Last day')).not.toHaveValue('')
    await dialog.getByRole('button', { name: 'Confirm Drop' }).click()
    await expect(dialog).toHaveCount(0)
    await expectToast(page, 'Drop scheduled', `${dancer}'s last day in ${missedName} is`)
    await expect(page.getByText(/^Last day:/)).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await seriousViolations(page)).toEqual([])
  })
})

/** decisions §16: the administrator reads a class's attendance as a table, a student's as a list, and downloads both. */
test('an administrator reviews attendance by class and by student', async ({ page, baseURL, adminRequest, families, classes }) => {
  test.setTimeout(90_000)
  const admin = api(adminRequest, baseURL)
  const className = unique('Review Class ')
  // The class's days as the app writes them from its structured schedule ("Daily" is not kept as typed).
  const { id: classId, days } = await classes.createInCms({ name: className, days: 'Daily' })
  const account = await families.create('Review Parent')
  const dancer = unique('Rita ')
  const student = await admin.post<{ id: number }>('/api/students', {
    fullName: dancer,
    dateOfBirth: bornYearsAgo(7),
    experienceLevel: 'Beginner',
    userId: account.id,
  })
  await admin.post('/api/enrollments', { studentId: student.id, classId, enrollmentDate: '2026-01-05' })
  const today = new Date().toISOString().slice(0, 10)
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
  for (const [date, status] of [
    [yesterday, 'late'],
    [today, 'present'],
  ]) {
    const marked = await adminRequest.put('/api/teach/attendance', { data: { classId, studentId: student.id, date, status } })
    expect(marked.ok(), await marked.text()).toBe(true)
  }

  await openAdminTab(page, baseURL, 'attendance')
  await test.step('by class: a table of students by days', async () => {
    await page.getByLabel('Class', { exact: true }).selectOption({ label: `${className} (${days})` })
    await page.getByRole('button', { name: 'Show Attendance' }).click()
    const table = page.getByRole('table', { name: 'Attendance by student and day' })
    const row = table.getByRole('row', { name: new RegExp(dancer) })
    await expect(row).toContainText('1 P · 1 L · 0 A')
    await expect(page.getByRole('link', { name: 'Download CSV' }).first()).toHaveAttribute(
      'href',
      new RegExp(`/api/admin/attendance\\.csv\\?classId=${classId}&`),
    )
    const csv = await adminRequest.get(`/api/admin/attendance.csv?classId=${classId}`)
    expect(await csv.text()).toContain(dancer)
  })

  await test.step('by student: every mark', async () => {
    await pickMatch(page, 'Student', dancer, dancer)
    const list = page.getByRole('list', { name: 'Marks of the student' })
    await expect(list.getByRole('listitem')).toHaveCount(2)
    await expect(list.getByRole('listitem').first()).toContainText('Present')
    await page.waitForLoadState('networkidle')
    expect(await seriousViolations(page)).toEqual([])
  })
})
