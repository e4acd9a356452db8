import { readFileSync } from 'node:fs'

import type { APIRequestContext } from '@playwright/test'

import { pdfText } from '#tests/support/pdf'

import { expect, test } from './support/fixtures'

import { api, unique, signIn } from './support/accounts'
import { familySession, openAdminTab } from './support/admin-console'
import type { Cleanup } from './support/cleanup'
import { bornYearsAgo, CLASS_FIELDS, openPortal, seriousViolations } from './support/portal'

type Level = { id: number; name: string; skills: Array<{ id: string; section: string; skill: string }> }

/**
 * Issue 27 on a phone: an administrator opens a "Spring assessment" for a Grade 3 class; its
 * teacher scores the class with no connection, the marks wait on the phone and are saved when it
 * returns; once the administrator publishes, the parent reads the report card.
 */
async function gradeThreeClass(adminRequest: APIRequestContext, baseURL: string | undefined, cleanup: Cleanup, familyId: number, children: string[]) {
  const admin = api(adminRequest, baseURL)
  const username = unique('assess-')
  const teacher = { username, password: `pw-${username}-long`, fullName: 'Ms. Assessor Journey', email: `${username}@example.com` }
  const made = await adminRequest.post('/cms-api/users', { data: { ...teacher, isActive: true, isAdmin: false, isTeacher: true } })
  expect(made.ok(), await made.text()).toBe(true)
  const teacherId = ((await made.json()) as { doc: { id: number } }).doc.id
  cleanup.family(teacherId)
  const grade3 = (await admin.get<Level[]>('/api/levels')).find((l) => l.name === 'Grade 3')!
  const className = unique('Grade 3 Ballet ')
  const created = await adminRequest.post('/cms-api/classes', {
    data: { ...CLASS_FIELDS, name: className, ageGroup: '6-8', teacher: teacherId, syllabusLevel: grade3.id },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const classId = ((await created.json()) as { doc: { id: number } }).doc.id
  cleanup.class(classId)
  const studentIds: number[] = []
  for (const fullName of children) {
    const student = await admin.post<{ id: number }>('/api/students', { fullName, dateOfBirth: bornYearsAgo(8), experienceLevel: 'Beginner', userId: familyId })
    await admin.patch(`/api/admin/students/${student.id}/level`, { levelId: grade3.id })
    await admin.post('/api/enrollments', { studentId: student.id, classId })
    studentIds.push(student.id)
  }
  const today = new Date().toISOString().slice(0, 10)
  const name = unique('Spring assessment ')
  const window = await admin.post<{ id: number }>('/api/admin/assessment-windows', {
    name,
    opensOn: today,
    closesOn: today,
    classIds: [classId],
  })
  cleanup.assessmentWindow(window.id)
  return { admin, teacher, grade3, classId, className, studentIds, windowId: window.id, name, today }
}

test('a teacher scores a class offline on a phone and the marks are saved when the connection returns', async ({
  page,
  baseURL,
  adminRequest,
  families,
  cleanup,
}) => {
  test.setTimeout(120_000)
  const family = await families.create('Assessment Parent')
  const [ava, ben] = [unique('Ava '), unique('Ben ')]
  const setup = await gradeThreeClass(adminRequest, baseURL, cleanup, family.id, [ava, ben])
  const [first, second] = setup.grade3.skills
  await signIn(page, baseURL, setup.teacher)
  const student = (name: string) => page.getByTestId('assessment-student').filter({ hasText: name })
  const score = (name: string, skill: string, step: string) =>
    student(name)
      .getByRole('group', { name: `${skill}, ${name}` })
      .getByRole('button', { name: step })

  await test.step('the sheet: each student with the skills of Grade 3 and the 1–4 scale', async () => {
    await openPortal(page, '/teach')
    await page.getByRole('link', { name: 'Assessments' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assessments')
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0)
    await expect(page.getByLabel('Assessment and class')).toContainText(`${setup.name}: ${setup.className}`)
    await expect(page.getByTestId('assessment-student')).toHaveCount(2)
    await expect(student(ava)).toContainText('Assessed at Grade 3')
    await expect(page.getByText('All marks saved.')).toBeVisible()
  })

  await test.step('offline: the taps show at once and wait on the phone', async () => {
    await page.context().setOffline(true)
    await score(ava, first!.skill, '3 Secure').click()
    await score(ben, first!.skill, '2 Developing').click()
    await score(ben, second!.skill, '4 Excellent').click()
    await expect(score(ava, first!.skill, '3 Secure')).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByText('3 marks not saved yet: waiting for a connection.', { exact: false })).toBeVisible()
    const stored = await page.evaluate(() => localStorage.getItem('academy.teach.unsaved-assessment-marks') ?? '{}')
    expect(Object.keys(JSON.parse(stored) as object)).toHaveLength(3)
  })

  await test.step('back online: every mark is sent and saved, with the time it was tapped', async () => {
    await page.context().setOffline(false)
    await expect(page.getByText('All marks saved.')).toBeVisible()
    const review = await setup.admin.get<{ students: Array<{ fullName: string; items: Array<{ label: string; marks: Array<{ score: number }> }> }> }>(
      `/api/admin/assessment-windows/${setup.windowId}/review`,
    )
    const scores = review.students.map((s) => [s.fullName, s.items.map((i) => i.marks[0]!.score).sort()])
    expect(scores.sort()).toEqual([
      [ava, [3]],
      [ben, [2, 4]],
    ])
    expect(await page.evaluate(() => localStorage.getItem('academy.teach.unsaved-assessment-marks'))).toBe('{}')
  })

  await test.step('no serious accessibility findings on /teach/assess', async () => {
    expect(await seriousViolations(page)).toEqual([])
  })
})

test('the office chooses between two assessors and publishes; the parent reads the report card', async ({
  page,
  baseURL,
  adminRequest,
  families,
  cleanup,
  browser,
}) => {
  test.setTimeout(120_000)
  const family = await families.create('Report Parent')
  const mia = unique('Mia ')
  const setup = await gradeThreeClass(adminRequest, baseURL, cleanup, family.id, [mia])
  const [first] = setup.grade3.skills
  const grade4 = (await setup.admin.get<Level[]>('/api/levels')).find((l) => l.name === 'Grade 4')!
  const base = { windowId: setup.windowId, classId: setup.classId, studentId: setup.studentIds[0], markedAt: new Date().toISOString() }
  // The class's teacher scores 3; the head of school (an administrator may assess any class) 2, comments and recommends.
  const teacher = await familySession(browser, baseURL, setup.teacher)
  await api(teacher.request, baseURL).put('/api/teach/assessment-marks', { ...base, item: first!.id, score: 3 })
  await teacher.close()
  await setup.admin.put('/api/teach/assessment-marks', { ...base, item: first!.id, score: 2 })
  await setup.admin.put('/api/teach/assessment-marks', { ...base, item: 'comment', comment: 'Beautiful port de bras; keep working on turnout.' })
  await setup.admin.put('/api/teach/assessment-marks', { ...base, item: 'recommendation', recommendation: 'move-to', recommendedLevelId: grade4.id })
  await signIn(page, baseURL, family)

  await test.step('nothing before the academy publishes', async () => {
    await openPortal(page, '/account')
    await page.getByRole('link', { name: `Report Cards of ${mia}` }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report cards')
    await expect(page.getByText('No report card yet')).toBeVisible()
    await expect(page.getByText('Beautiful port de bras')).toHaveCount(0)
  })

  await test.step('the office: publishing waits for a choice between the two marks', async () => {
    const office = await (await browser.newContext({ baseURL })).newPage()
    await openAdminTab(office, baseURL, 'assessments')
    await office.getByLabel('Assessment window').selectOption({ label: `${setup.name} (${setup.today} to ${setup.today})` })
    await expect(office.getByText('1 item needs a choice before publishing.')).toBeVisible()
    await office.getByRole('button', { name: 'Publish report cards' }).click()
    await expect(office.getByText('1 mark needs a choice first: two teachers marked the same item differently.', { exact: false })).toBeVisible()
    const choices = office.getByRole('region', { name: `Choices for ${mia}` })
    await choices.getByRole('button', { name: 'Choose 3 Secure by Ms. Assessor Journey' }).click()
    await expect(choices).toContainText('chosen')
    await office.getByRole('button', { name: 'Publish report cards' }).click()
    // Ready to publish: the office confirms first, told who will see it.
    const confirm = office.getByRole('dialog', { name: 'Publish report cards?' })
    await expect(confirm).toContainText(`The families of 1 student will see the report cards of ${setup.name} in the portal from now on.`)
    expect(await seriousViolations(office)).toEqual([])
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(confirm).toHaveCount(0)
    await expect(office.getByRole('status').filter({ hasText: 'is published: families now see the report cards.' })).toBeVisible()
    await office.getByRole('button', { name: 'Place students at their recommended levels' }).click()
    await expect(office.getByRole('status').filter({ hasText: `1 student placed from ${setup.name}.` })).toBeVisible()
    expect(await seriousViolations(office)).toEqual([])
    await office.context().close()
  })

  await test.step('published: the academy, the student, the level, each skill, the comment and the recommendation', async () => {
    await page.reload()
    const card = page.getByTestId('report-card')
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(`${setup.name}: ${mia}`)
    await expect(card).toContainText('Level: Grade 3')
    await expect(card.getByText(first!.skill).locator('..')).toContainText('3 · Secure')
    await expect(card).toContainText('Not assessed')
    await expect(card).toContainText('Beautiful port de bras; keep working on turnout.')
    await expect(card).toContainText('Recommendation: Move to Grade 4')
    // A real download from the link (the browser's own same-origin navigation carries the session).
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: /^Download PDF/ }).click()])
    expect(download.suggestedFilename()).toMatch(/^report-card-.*\.pdf$/)
    const text = (await pdfText(new Uint8Array(readFileSync(await download.path())))).replace(/\s+/g, ' ')
    expect(text).toContain(`${setup.name}: report card`)
    expect(text).toContain('Recommendation: Move to Grade 4')
    expect(await seriousViolations(page)).toEqual([])
  })
})

test('the class selection says why a levelled class is not open to a child', async ({ page, baseURL, adminRequest, families, cleanup }) => {
  const family = await families.create('Level Parent')
  const setup = await gradeThreeClass(adminRequest, baseURL, cleanup, family.id, [])
  const zoe = await setup.admin.post<{ id: number }>('/api/students', {
    fullName: unique('Zoe '),
    dateOfBirth: bornYearsAgo(7),
    experienceLevel: 'Beginner',
    userId: family.id,
    emergencyContact: { name: 'Grandma Level', phone: '555 010 2030' },
  })
  await signIn(page, baseURL, family)
  await openPortal(page, `/select-classes/${zoe.id}`)
  const option = page.getByTestId('class-option').filter({ hasText: setup.className })
  await expect(option).toContainText('Grade 3 class: for dancers placed in Grade 3')
  await expect(option.getByRole('checkbox')).toBeDisabled()
  expect(await seriousViolations(page)).toEqual([])

  // Placed in Grade 3 by the office, she may choose it.
  await setup.admin.patch(`/api/admin/students/${zoe.id}/level`, { levelId: setup.grade3.id })
  await openPortal(page, `/select-classes/${zoe.id}`)
  await expect(option.getByRole('checkbox')).toBeEnabled()
  await expect(option).not.toContainText('for dancers placed in')
})
