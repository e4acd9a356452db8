import type { SelfServiceRulesDto } from '#api/self-service/schemas'
import type { TuitionSettingsDto } from '#api/studio/tuition-settings.schemas'
import { addDays, formatCalendarDay } from '#shared/dates'
import { mondayOf } from '#shared/week-schedule'
import { WEEKDAYS } from '#shared/schedule'
import { api, signIn, unique } from './support/accounts'
import { openAdminTab, toast } from './support/admin-console'
import { expect, test } from './support/fixtures'
import { addStudent, CLASS_FIELDS, enroll, openPortal, seriousViolations } from './support/portal'

/*
 * Closures as ranges (issue 23), at phone size: the administrator adds a break of several days
 * as one closure, and a closure typed but not added is not lost on save; the family's weekly
 * schedule then shows "No class — {label}" on those dates and the class it waits for as waiting.
 * The academy's closures are put back as they were when the test ends.
 */

const EVERY_DAY = { weekdays: [...WEEKDAYS], startTime: '16:00', endTime: '16:45' }

test('an admin adds a break as one closure, and the family schedule shows no class on those days and the waitlisted class', async ({
  page,
  browser,
  baseURL,
  adminRequest,
  families,
  classes,
}) => {
  test.setTimeout(150_000)
  const admin = api(adminRequest, baseURL)
  const settings = await admin.get<TuitionSettingsDto>('/api/admin/tuition-settings')
  // Next week, in the academy's days: a break from Tuesday to Thursday, and a one-day closure on Saturday.
  const family = await families.create(unique('Closure Parent '))
  const familyPage = await (await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined, isMobile: true, hasTouch: true })).newPage()
  await signIn(familyPage, baseURL, family)
  const { today } = await api(familyPage.request, baseURL).get<SelfServiceRulesDto>('/api/self-service/rules')
  const monday = addDays(mondayOf(today), 7)
  const [tuesday, thursday, saturday] = [addDays(monday, 1), addDays(monday, 3), addDays(monday, 5)]

  const attended = await classes.create({ ...CLASS_FIELDS, ...EVERY_DAY, name: unique('Closure Ballet'), ageGroup: '6-8' })
  const full = await classes.create({ ...CLASS_FIELDS, ...EVERY_DAY, name: unique('Full Pointe'), ageGroup: '6-8', capacity: 1 })
  const seatedFamily = await families.create(unique('Seated Parent '))
  const seated = await browser.newContext({ baseURL })
  const seatedPage = await seated.newPage()
  await signIn(seatedPage, baseURL, seatedFamily)
  const seatedStudent = await addStudent(seatedPage.request, baseURL, 'Seated Dancer', 7)
  await enroll(seatedPage.request, baseURL, seatedStudent.id, full.id)
  await seated.close()

  const student = await addStudent(familyPage.request, baseURL, 'Clara Closure', 7)
  await enroll(familyPage.request, baseURL, student.id, attended.id)
  await api(familyPage.request, baseURL).post('/api/waitlist', { studentId: student.id, classId: full.id })

  try {
    await openAdminTab(page, baseURL, 'tuition')
    const panel = page.getByRole('tabpanel', { name: 'Tuition' })
    await expect(panel.getByRole('heading', { name: 'Tuition settings' })).toBeVisible({ timeout: 30_000 })
    const closures = panel.getByRole('group', { name: 'Closures' })
    // The break: one closure, added.
    await closures.getByLabel('Closed from').fill(tuesday)
    await closures.getByLabel('Closed until (optional)').fill(thursday)
    await closures.getByLabel('Closure label (optional)').fill('Winter break')
    await closures.getByRole('button', { name: 'Add Closure' }).click()
    const list = closures.getByRole('list', { name: 'Closures' })
    await expect(list).toContainText(`Winter break (${formatCalendarDay(tuesday)} – ${formatCalendarDay(thursday)})`)

    // Typed, not added, and wrong: the save stops and says so.
    await closures.getByLabel('Closed from').fill(saturday)
    await closures.getByLabel('Closed until (optional)').fill(thursday)
    await closures.getByLabel('Closure label (optional)').fill('Recital day')
    await panel.getByRole('button', { name: 'Save Settings' }).click()
    await expect(closures.getByRole('alert')).toHaveText(
      'The closure you typed was not added: A closure cannot end before it starts. Fix it or clear it, then save again.',
    )
    expect(await seriousViolations(page)).toEqual([])
    // Fixed but still not added: the save adds it.
    await closures.getByLabel('Closed until (optional)').fill('')
    await panel.getByRole('button', { name: 'Save Settings' }).click()
    await expect(toast(page, 'Tuition Settings Saved')).toBeVisible()
    await expect(list).toContainText(`Recital day (${formatCalendarDay(saturday)})`)
    await expect(closures.getByLabel('Closed from')).toHaveValue('')
    const saved = await admin.get<TuitionSettingsDto>('/api/admin/tuition-settings')
    expect(saved.closures).toEqual(
      expect.arrayContaining([
        { start: tuesday, end: thursday, label: 'Winter break' },
        { start: saturday, end: saturday, label: 'Recital day' },
      ]),
    )

    // The family's week on its phone: next week has the break and the recital day.
    await openPortal(familyPage, '/schedule')
    await familyPage.getByRole('button', { name: 'Next week' }).click()
    await expect(familyPage.getByText(`Week of ${formatCalendarDay(monday)}`)).toBeVisible()
    const day = (date: string) => familyPage.locator(`[data-date="${date}"]`)
    const enrolledOn = (date: string) => day(date).getByRole('button', { name: new RegExp(attended.name) })
    await expect(day(monday)).toContainText(formatCalendarDay(monday).replace(/, \d{4}$/, ''))
    await expect(enrolledOn(monday)).not.toContainText('No class')
    for (const closed of [tuesday, addDays(monday, 2), thursday]) await expect(enrolledOn(closed)).toContainText('No class — Winter break')
    await expect(enrolledOn(addDays(monday, 4))).not.toContainText('No class')
    await expect(enrolledOn(saturday)).toContainText('No class — Recital day')
    // The full class the student waits for, with the place in line.
    await expect(day(monday).locator('[data-status="waitlisted"]')).toContainText(full.name)
    await expect(day(monday).locator('[data-status="waitlisted"]')).toContainText('Waitlisted — 1st in line')
    expect(await seriousViolations(familyPage)).toEqual([])
  } finally {
    await adminRequest.put('/api/admin/tuition-settings', { data: settings, headers: { origin: new URL(baseURL!).origin } })
    await familyPage.context().close()
  }
})
