import { expect, test } from './support/fixtures'
import { api, unique } from './support/accounts'
import { familySession, openAdminTab } from './support/admin-console'
import { waitForMail } from './support/mailbox'
import { addStudent, CLASS_FIELDS, enroll, expectToast, openPortal, seriousViolations } from './support/portal'

/*
 * The fair waitlist (decisions §15) at phone size: a family joins the line of a full class,
 * another family drops, the first is offered the place by email and accepts it on the
 * dashboard. Every class and family made here is deleted when its test ends (the fixtures' cleanup).
 */

test('a family joins a waitlist, another drops, and the first accepts the offer', async ({ page, baseURL, browser, families, classes, adminRequest }) => {
  // Several accounts, sessions and a mail round trip: more than the default 30 s on a busy machine.
  test.setTimeout(120_000)
  const cls = await classes.create({ ...CLASS_FIELDS, name: unique('Waitlist Ballet'), ageGroup: '6-8', capacity: 1 })
  // Family B takes the only place.
  const familyB = await families.create('Seated Parent')
  const b = await familySession(browser, baseURL, familyB)
  const seated = await addStudent(b.request, baseURL, 'Seated Dancer', 7)
  const seat = await enroll(b.request, baseURL, seated.id, cls.id)

  // Family A finds the class full and joins its waitlist.
  const familyA = await families.signIn(page, 'Waiting Parent')
  const student = await addStudent(page.request, baseURL, 'Waiting Dancer', 7)
  await openPortal(page, `/select-classes/${student.id}`)
  const option = page.getByTestId('class-option').filter({ hasText: cls.name })
  await expect(option.getByText('This class is full.')).toBeVisible()
  await expect(option.getByRole('checkbox')).toBeDisabled()
  expect(await seriousViolations(page)).toEqual([])
  await option.getByRole('button', { name: `Join waitlist for ${cls.name}` }).click()
  await expectToast(page, 'Joined the Waitlist', `Waiting Dancer is on the waitlist for ${cls.name}.`)
  await expect(option.getByTestId('waitlist-status')).toHaveText('You are 1st on the waitlist')
  await expect(option.getByRole('button', { name: `Leave waitlist for ${cls.name}` })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Family B's place is freed (the studio removes it at once; a family's own removal is a drop
  // under the notice, decisions §18): the place is offered to family A by email, with a link to the dashboard.
  await api(adminRequest, baseURL).delete(`/api/enrollments/${seat.id}`)
  await b.close()
  const mail = await waitForMail((m) => m.to.includes(familyA.email) && m.subject.includes(cls.name))
  expect(mail.subject).toBe(`A place in ${cls.name} is offered to Waiting Dancer`)
  const link = /https?:\/\/\S+\/dashboard/.exec(mail.text)?.[0]
  expect(link).toBeTruthy()

  await openPortal(page, new URL(link!).pathname)
  const offer = page.getByTestId('waitlist-offer')
  await expect(offer).toContainText(`A place in ${cls.name} is offered to Waiting Dancer`)
  await expect(offer).toContainText(/Held for you for (1 day 23 hours|2 days)/)
  expect(await seriousViolations(page)).toEqual([])

  await offer.getByRole('button', { name: `Accept the place in ${cls.name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Accept Place' })
  await expect(dialog).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Accept Place' }).click()
  await expectToast(page, 'Place Accepted', `Waiting Dancer is now enrolled in ${cls.name}.`)
  await expect(page.getByTestId('waitlist-offer')).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Upcoming classes' })).toContainText(cls.name)

  const enrolled = await api(page.request, baseURL).get<Array<{ classId: number }>>(`/api/students/${student.id}/enrollments`)
  expect(enrolled.map((e) => e.classId)).toContain(cls.id)
})

test('a family declines an offer on the dashboard and the place goes to the next family', async ({
  page,
  baseURL,
  browser,
  families,
  classes,
  adminRequest,
}) => {
  // Several accounts, sessions and a mail round trip: more than the default 30 s on a busy machine.
  test.setTimeout(120_000)
  const cls = await classes.create({ ...CLASS_FIELDS, name: unique('Waitlist Jazz'), ageGroup: '6-8', capacity: 1 })
  const seatedFamily = await families.create('Seated Parent')
  const seatedSession = await familySession(browser, baseURL, seatedFamily)
  const seat = await enroll(seatedSession.request, baseURL, (await addStudent(seatedSession.request, baseURL, 'Seated Dancer', 7)).id, cls.id)

  await families.signIn(page, 'Declining Parent')
  const first = await addStudent(page.request, baseURL, 'First Dancer', 7)
  await api(page.request, baseURL).post('/api/waitlist', { studentId: first.id, classId: cls.id })
  const second = await families.create('Next Parent')
  const next = await familySession(browser, baseURL, second)
  const nextStudent = await addStudent(next.request, baseURL, 'Next Dancer', 7)
  const nextEntry = await api(next.request, baseURL).post<{ id: number; position: number }>('/api/waitlist', { studentId: nextStudent.id, classId: cls.id })
  expect(nextEntry.position).toBe(2)
  await api(adminRequest, baseURL).delete(`/api/enrollments/${seat.id}`)
  await seatedSession.close()

  await openPortal(page, '/dashboard')
  const offer = page.getByTestId('waitlist-offer')
  await offer.getByRole('button', { name: `Decline the place in ${cls.name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Decline Place' })
  await dialog.getByRole('button', { name: 'Decline Place' }).click()
  await expectToast(page, 'Offer Declined')
  await expect(page.getByTestId('waitlist-offer')).toHaveCount(0)

  const theirs = await api(next.request, baseURL).get<Array<{ id: number; status: string }>>('/api/waitlist')
  expect(theirs.find((e) => e.id === nextEntry.id)?.status).toBe('offered')
  await next.close()
})

test('an administrator sees the waitlist and moves a family to the front only with a reason', async ({ page, baseURL, browser, families, classes }) => {
  // Several accounts, sessions and a mail round trip: more than the default 30 s on a busy machine.
  test.setTimeout(120_000)
  const cls = await classes.create({ ...CLASS_FIELDS, name: unique('Waitlist Tap'), ageGroup: '6-8', capacity: 1 })
  const family = await families.create('Line Parent')
  const session = await familySession(browser, baseURL, family)
  await enroll(session.request, baseURL, (await addStudent(session.request, baseURL, 'Seated Dancer', 7)).id, cls.id)
  for (const name of ['Early Dancer', 'Late Dancer']) {
    const student = await addStudent(session.request, baseURL, name, 7)
    await api(session.request, baseURL).post('/api/waitlist', { studentId: student.id, classId: cls.id })
  }
  await session.close()

  await openAdminTab(page, baseURL, 'waitlists')
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cls.name }) })
  await expect(card).toContainText('1 of 1 places taken · 0 held by offers · 2 in line')
  const line = card.getByRole('list', { name: `Waitlist of ${cls.name}` })
  await expect(line.getByRole('listitem').first()).toContainText('1st Early Dancer')
  expect(await seriousViolations(page)).toEqual([])

  await line.getByRole('button', { name: 'Move to Front for Late Dancer' }).click()
  const dialog = page.getByRole('dialog', { name: 'Move to the Front' })
  await dialog.getByRole('button', { name: 'Move to Front' }).click()
  await expect(dialog.getByText('Please give a reason (at most 500 characters)')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByLabel('Reason (required, kept on record)').fill('Sibling already in the class')
  await dialog.getByRole('button', { name: 'Move to Front' }).click()
  await expect(dialog).toBeHidden()
  await expect(line.getByRole('listitem').first()).toContainText('1st Late Dancer')
  await expect(line.getByRole('listitem').first()).toContainText('Moved to the front by')
  await expect(line.getByRole('listitem').first()).toContainText('Sibling already in the class')
})
