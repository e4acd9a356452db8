import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { WAITLIST_MESSAGES } from '#api/waitlist/schemas'
import { addDays, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * One definition of "a place is taken" (decisions §16): an enrollment whose last day has passed
 * frees its place for the catalogue, a class update, enrolling, the waitlist and makeups alike.
 */
let app: TestApp
let admin: ApiClient
let family: Family
let today: string
let missedClass: { id: number }
let target: { id: number }
let absenceId: number

async function enroll(studentId: number, classId: number, endDate?: string): Promise<number> {
  const doc = await app.payload.create({
    collection: 'enrollments',
    data: { student: studentId, class: classId, enrollmentDate: addDays(today, -30), ...(endDate ? { endDate } : {}) },
    overrideAccess: true,
  })
  return doc.id as number
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'places')
  await app.payload.updateGlobal({ slug: 'studio-settings', data: { makeupWindowDays: 14 }, overrideAccess: true })
  today = todayIso()
  missedClass = await addClass(app, { name: 'Places Missed', ageGroup: '6-8' })
  target = await addClass(app, { name: 'Places Target', ageGroup: '6-8', capacity: 2 })
  for (const cls of [missedClass, target]) await app.payload.update({ collection: 'classes', id: cls.id, data: { days: 'Daily' }, overrideAccess: true })
  // Two enrollments in the target class: one ended yesterday, one current. One place is taken.
  await enroll(await addStudent(app, family.userId, 'Left Places', 7), target.id, addDays(today, -1))
  await enroll(await addStudent(app, family.userId, 'Stays Places', 7), target.id)
  const absent = await addStudent(app, family.userId, 'Absent Places', 7)
  await enroll(absent, missedClass.id)
  absenceId = (await family.client.post('/api/absences', { studentId: absent, classId: missedClass.id, date: addDays(today, 2) })).body.absence.id
})
afterAll(async () => {
  await app?.close()
})

const catalogueCount = async () => (await admin.get('/api/classes')).body.find((c: { id: number }) => c.id === target.id).enrolledCount
const patchedCount = async () => {
  const res = await admin.patch(`/api/classes/${target.id}`, { description: `Counted at ${Date.now()}` })
  expect(res.status).toBe(200)
  return res.body.enrolledCount
}
const makeupFree = async (date: string) =>
  (await family.client.get(`/api/absences/${absenceId}/makeup-options`)).body.find(
    (o: { classId: number; date: string }) => o.classId === target.id && o.date === date,
  )?.freePlaces ?? 0

describe('a place is taken', () => {
  it('is counted the same by the catalogue, a class update, enrolling, the waitlist and makeups', async () => {
    const day = addDays(today, 3)
    expect(await catalogueCount()).toBe(1)
    expect(await patchedCount()).toBe(1)
    expect(await makeupFree(day)).toBe(1)

    // One place is free: the waitlist sends the family to enroll, and enrolling succeeds.
    const newcomer = await addStudent(app, family.userId, 'Newcomer Places', 7)
    const join = await family.client.post('/api/waitlist', { studentId: newcomer, classId: target.id })
    expect([join.status, join.body.message]).toEqual([409, WAITLIST_MESSAGES.classHasRoom])
    expect((await family.client.post('/api/enrollments', { studentId: newcomer, classId: target.id })).status).toBe(201)

    // Now both places are taken, wherever one asks.
    expect(await catalogueCount()).toBe(2)
    expect(await patchedCount()).toBe(2)
    expect(await makeupFree(day)).toBe(0)
    const late = await addStudent(app, family.userId, 'Late Places', 7)
    expect((await family.client.post('/api/enrollments', { studentId: late, classId: target.id })).status).toBe(409)
    expect((await family.client.post('/api/waitlist', { studentId: late, classId: target.id })).status).toBe(201)
    expect((await family.client.post('/api/makeups', { absenceId, classId: target.id, date: day })).status).toBe(409)
  })
})
