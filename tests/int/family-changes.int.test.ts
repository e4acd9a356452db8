import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { STUDENT_MESSAGES, birthDateOutsideClassesMessage } from '#api/students/schemas'
import { SELF_SERVICE_MESSAGES } from '#api/self-service/schemas'
import { addDays, formatDayWithWeekday, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, bornYearsAgo, createFamily, snapshot, type Family } from '#tests/support/families'

/**
 * A family's own changes to its children and classes (decisions §18): editing a child, a
 * removal that goes through the drop rules, and makeups of the missed style first.
 */
let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let familyA: Family
let familyB: Family
let today: string

const NOTICE = 7
const LONG_NAME = 'Maximiliana Alexandrina Wilhelmina Fitzgerald-Montgomery III'

async function enroll(studentId: number, classId: number, enrollmentDate = addDays(today, -30)): Promise<number> {
  const doc = await app.payload.create({ collection: 'enrollments', data: { student: studentId, class: classId, enrollmentDate }, overrideAccess: true })
  return doc.id as number
}

async function enrollmentRow(id: number) {
  return app.payload.findByID({ collection: 'enrollments', id, depth: 0, disableErrors: true, overrideAccess: true })
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  familyA = await createFamily(app, 'family-a')
  familyB = await createFamily(app, 'family-b')
  await app.payload.updateGlobal({ slug: 'studio-settings', data: { dropNoticeDays: NOTICE, makeupWindowDays: 14 }, overrideAccess: true })
  today = todayIso()
})
afterAll(async () => {
  await app?.close()
})

describe('PATCH /api/students/{id}', () => {
  it("changes the family's own child under the rules of adding one, a 60-character name included", async () => {
    expect(LONG_NAME).toHaveLength(60)
    const id = await addStudent(app, familyA.userId, 'Edit Me', 7)
    const dateOfBirth = bornYearsAgo(8)
    const res = await familyA.client.patch(`/api/students/${id}`, {
      fullName: `  ${LONG_NAME} `,
      dateOfBirth,
      experienceLevel: 'Intermediate',
      emergencyContact: { name: 'Grandma Jo', phone: '+1 555 010 2030' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({
      id,
      userId: familyA.userId,
      fullName: LONG_NAME,
      dateOfBirth,
      experienceLevel: 'Intermediate',
      emergencyContact: { name: 'Grandma Jo', phone: '+1 555 010 2030' },
    })
    expect((await familyA.client.get(`/api/students/${id}`)).body).toEqual(res.body)
    // Without an emergency contact in the body, the stored one stays.
    const again = await familyA.client.patch(`/api/students/${id}`, { fullName: 'Edit Me', dateOfBirth, experienceLevel: 'Beginner' })
    expect(again.body.emergencyContact).toEqual({ name: 'Grandma Jo', phone: '+1 555 010 2030' })
  })

  it('answers 400 with the messages of adding a child, changing nothing', async () => {
    const id = await addStudent(app, familyA.userId, 'Bad Input', 7)
    const before = await snapshot(app)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fullName: 'A', dateOfBirth: bornYearsAgo(7), experienceLevel: 'Beginner' }, STUDENT_MESSAGES.fullNameTooShort],
      [{ fullName: 'x'.repeat(121), dateOfBirth: bornYearsAgo(7), experienceLevel: 'Beginner' }, STUDENT_MESSAGES.fullNameTooLong],
      [{ fullName: 'Bad Input', dateOfBirth: addDays(today, 3), experienceLevel: 'Beginner' }, STUDENT_MESSAGES.dateOfBirthFuture],
      [{ fullName: 'Bad Input', experienceLevel: 'Beginner' }, STUDENT_MESSAGES.dateOfBirthRequired],
      [{ fullName: 'Bad Input', dateOfBirth: bornYearsAgo(7), experienceLevel: 'Expert' }, STUDENT_MESSAGES.experienceLevelInvalid],
      [
        { fullName: 'Bad Input', dateOfBirth: bornYearsAgo(7), experienceLevel: 'Beginner', emergencyContact: { name: 'No Phone' } },
        STUDENT_MESSAGES.emergencyPhoneRequired,
      ],
    ]
    for (const [body, message] of cases) {
      const res = await familyA.client.patch(`/api/students/${id}`, body)
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message])
    }
    expect(await snapshot(app)).toBe(before)
  })

  it("answers 404 for another family's child and an unknown id alike, and 401 signed out, changing nothing", async () => {
    const id = await addStudent(app, familyA.userId, 'Not Yours', 7)
    const body = { fullName: 'Taken Over', dateOfBirth: bornYearsAgo(7), experienceLevel: 'Beginner' }
    const before = await snapshot(app)
    const other = await familyB.client.patch(`/api/students/${id}`, body)
    expect([other.status, other.body]).toEqual([404, { message: STUDENT_MESSAGES.notFound }])
    expect((await familyB.client.patch('/api/students/987654', body)).body).toEqual(other.body)
    expect((await visitor.patch(`/api/students/${id}`, body)).status).toBe(401)
    expect(await snapshot(app)).toBe(before)
  })

  it('refuses a date of birth outside the age group of a class the child is in, naming the class; an administrator may', async () => {
    const id = await addStudent(app, familyA.userId, 'Age Bound', 7)
    const kids = await addClass(app, { ageGroup: '6-8', name: 'Little Ballet Age Check' })
    await enroll(id, kids.id)
    // An ended class does not hold the child to its age group.
    const old = await addClass(app, { ageGroup: '3-5', name: 'Ended Tots' })
    await app.payload.update({ collection: 'enrollments', id: await enroll(id, old.id), data: { endDate: addDays(today, -2) }, overrideAccess: true })
    const before = await snapshot(app)
    const body = { fullName: 'Age Bound', dateOfBirth: bornYearsAgo(12), experienceLevel: 'Beginner' }
    const res = await familyA.client.patch(`/api/students/${id}`, body)
    expect([res.status, res.body.message]).toEqual([409, birthDateOutsideClassesMessage('Age Bound', 12, [{ name: kids.name, ageGroup: '6-8' }])])
    expect(res.body.message).toContain('Little Ballet Age Check (ages 6-8)')
    expect(await snapshot(app)).toBe(before)
    // Within the group the correction goes through.
    expect((await familyA.client.patch(`/api/students/${id}`, { ...body, dateOfBirth: bornYearsAgo(6) })).status).toBe(200)
    expect((await admin.patch(`/api/students/${id}`, body)).status).toBe(200)
  })
})

describe("a family's Remove goes through the drop rules (DELETE /api/enrollments/{id})", () => {
  it('schedules the last day at the notice, keeps it on a second Remove, and answers 404 to another family and 401 signed out', async () => {
    const student = await addStudent(app, familyA.userId, 'Remove Drop', 7)
    const cls = await addClass(app, { name: 'Remove Drop Class' })
    const id = await enroll(student, cls.id)
    const lastDay = addDays(today, NOTICE)

    const before = await snapshot(app)
    const other = await familyB.client.delete(`/api/enrollments/${id}`)
    expect([other.status, other.body]).toEqual([404, { message: SELF_SERVICE_MESSAGES.enrollmentNotFound }])
    expect((await visitor.delete(`/api/enrollments/${id}`)).status).toBe(401)
    expect(await snapshot(app)).toBe(before)

    const res = await familyA.client.delete(`/api/enrollments/${id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      message: `Remove Drop's last day in Remove Drop Class is ${formatDayWithWeekday(lastDay)}. Tuition is prorated to that day.`,
      enrollmentId: id,
      endDate: lastDay,
      removed: false,
    })
    expect((await enrollmentRow(id))?.endDate?.slice(0, 10)).toBe(lastDay)

    const again = await familyA.client.delete(`/api/enrollments/${id}`)
    expect(again.status).toBe(200)
    expect(again.body.message).toBe(`Remove Drop's last day in Remove Drop Class is already ${formatDayWithWeekday(lastDay)}. Tuition is prorated to that day.`)
    expect((await enrollmentRow(id))?.endDate?.slice(0, 10)).toBe(lastDay)
  })

  it('refuses an enrollment that has already ended (409), keeping it', async () => {
    const student = await addStudent(app, familyA.userId, 'Ended Remove', 7)
    const cls = await addClass(app)
    const id = await enroll(student, cls.id)
    await app.payload.update({ collection: 'enrollments', id, data: { endDate: addDays(today, -1) }, overrideAccess: true })
    const res = await familyA.client.delete(`/api/enrollments/${id}`)
    expect([res.status, res.body.message]).toEqual([409, SELF_SERVICE_MESSAGES.alreadyEnded])
    expect(await enrollmentRow(id)).toBeTruthy()
  })

  it('removes outright an enrollment not begun whose first day the notice already covers: nothing is owed', async () => {
    const student = await addStudent(app, familyA.userId, 'Not Begun', 7)
    const cls = await addClass(app)
    const id = await enroll(student, cls.id, addDays(today, NOTICE + 5))
    const res = await familyA.client.delete(`/api/enrollments/${id}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ removed: true, endDate: null })
    expect(await enrollmentRow(id)).toBeNull()
  })

  it('undoes at once an enrollment whose class has not met since it was made (a mistake costs nothing)', async () => {
    const student = await addStudent(app, familyA.userId, 'Mistaken Enroll', 7)
    const cls = await addClass(app)
    const made = await familyA.client.post('/api/enrollments', { studentId: student, classId: cls.id })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const id = made.body.id ?? made.body.enrollment?.id
    const res = await familyA.client.delete(`/api/enrollments/${id}`)
    expect([res.status, res.body.removed, res.body.endDate]).toEqual([200, true, null])
    expect(await enrollmentRow(id)).toBeNull()
    // The place is free again: the same class can be chosen at once.
    expect((await familyA.client.post('/api/enrollments', { studentId: student, classId: cls.id })).status).toBe(201)
  })

  it('still lets an administrator remove at once', async () => {
    const student = await addStudent(app, familyB.userId, 'Admin Removes', 7)
    const cls = await addClass(app)
    const id = await enroll(student, cls.id)
    const res = await admin.delete(`/api/enrollments/${id}`)
    expect([res.status, res.body.message, res.body.removed]).toEqual([200, 'Enrollment removed.', true])
    expect(await enrollmentRow(id)).toBeNull()
  })
})

describe('GET /api/absences/{id}/makeup-options', () => {
  it('offers the classes of the missed style first, then the others, each soonest first', async () => {
    const student = await addStudent(app, familyA.userId, 'Style Dancer', 7)
    const missed = await addClass(app, { name: 'Ballet Foundations Makeup Test', ageGroup: '6-8' })
    const jazz = await addClass(app, { name: 'Jazz Makeup Test', ageGroup: '6-8' })
    const ballet = await addClass(app, { name: 'Intermediate Ballet Makeup Test', ageGroup: '6-8' })
    const teen = await addClass(app, { name: 'Teen Ballet Makeup Test', ageGroup: '13-17' })
    for (const cls of [missed, jazz, ballet, teen])
      await app.payload.update({ collection: 'classes', id: cls.id, data: { days: 'Daily' }, overrideAccess: true })
    await enroll(student, missed.id)
    const date = addDays(today, 2)
    const absence = await familyA.client.post('/api/absences', { studentId: student, classId: missed.id, date })
    expect(absence.status, JSON.stringify(absence.body)).toBe(201)

    const options = (await familyA.client.get(`/api/absences/${absence.body.absence.id}/makeup-options`)).body as Array<{
      classId: number
      date: string
      sameStyle: boolean
    }>
    const ours = options.filter((o) => o.classId === jazz.id || o.classId === ballet.id)
    const firstJazz = ours.findIndex((o) => o.classId === jazz.id)
    expect(firstJazz).toBeGreaterThan(0)
    expect(ours.slice(0, firstJazz).every((o) => o.classId === ballet.id && o.sameStyle)).toBe(true)
    expect(ours.slice(firstJazz).every((o) => o.classId === jazz.id && !o.sameStyle)).toBe(true)
    expect(ours[0]!.date).toBe(today)
    expect(ours[firstJazz]!.date).toBe(today)
    expect(options.some((o) => o.classId === teen.id || o.classId === missed.id)).toBe(false)
    expect((await familyB.client.get(`/api/absences/${absence.body.absence.id}/makeup-options`)).status).toBe(404)
    expect((await visitor.get(`/api/absences/${absence.body.absence.id}/makeup-options`)).status).toBe(401)
  })
})
