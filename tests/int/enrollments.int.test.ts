import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { addDays, todayIso } from '#shared/dates'
import { getAppContext, setAppContext } from '#server/context.server'
import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, CLASS_FIELDS, createFamily, snapshot, TEST_EMERGENCY_CONTACT, type Family } from '#tests/support/families'
import { startSmtpListener } from '#tests/support/smtp'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient
let visitor: ApiClient
let familyA: Family
let familyB: Family

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  familyA = await createFamily(app, 'enroll-a')
  familyB = await createFamily(app, 'enroll-b')
})
afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

const enrollmentsOf = async (classId: number) =>
  (await app.payload.find({ collection: 'enrollments', where: { class: { equals: classId } }, overrideAccess: true, depth: 0, limit: 0, pagination: false }))
    .docs

describe('POST /api/enrollments', () => {
  it("enrolls a family's own student and answers 201 with the enrollment and its class", async () => {
    const student = await addStudent(app, familyA.userId, 'Olivia Enroll', 7)
    const cls = await addClass(app, { ageGroup: '6-8', capacity: 10 })
    const res = await familyA.client.post('/api/enrollments', { studentId: student, classId: cls.id })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.any(Number),
      studentId: student,
      classId: cls.id,
      enrollmentDate: todayIso(),
      endDate: null,
      class: expect.objectContaining({ id: cls.id, name: cls.name, ageGroup: '6-8', price: 6500, capacity: 10, enrolledCount: 1 }),
    })
    expect((await enrollmentsOf(cls.id)).map((e) => e.student)).toEqual([student])
  })

  it('ignores an enrollmentDate sent by a family', async () => {
    const student = await addStudent(app, familyA.userId, 'Dated By Family', 7)
    const cls = await addClass(app)
    const res = await familyA.client.post('/api/enrollments', { studentId: student, classId: cls.id, enrollmentDate: '2020-01-01' })
    expect(res.status).toBe(201)
    expect(res.body.enrollmentDate).toBe(todayIso())
  })

  it('validates the body with clear messages and stores nothing', async () => {
    const student = await addStudent(app, familyA.userId, 'Validated', 7)
    const cls = await addClass(app)
    const before = await snapshot(app)
    const message = async (client: ApiClient, body: object) => {
      const res = await client.post('/api/enrollments', body)
      expect(res.status).toBe(400)
      return res.body.message
    }
    expect(await message(familyA.client, { classId: cls.id })).toBe('Please select a student')
    expect(await message(familyA.client, { studentId: student })).toBe('Please select a class')
    expect(await message(familyA.client, { studentId: student, classId: 'abc' })).toBe('Please select a class')
    expect(await message(familyA.client, { studentId: -1, classId: cls.id })).toBe('Please select a student')
    expect(await message(admin, { studentId: student, classId: cls.id, enrollmentDate: '2026-02-30' })).toBe(
      'Enrollment date must be a valid date (YYYY-MM-DD)',
    )
    expect(await snapshot(app)).toBe(before)
  })

  it("refuses another family's student with the same 404 as an unknown one, and a visitor with 401, storing nothing", async () => {
    const student = await addStudent(app, familyA.userId, 'Not Yours', 7)
    const cls = await addClass(app)
    const before = await snapshot(app)
    const other = await familyB.client.post('/api/enrollments', { studentId: student, classId: cls.id })
    const unknown = await familyB.client.post('/api/enrollments', { studentId: 987654, classId: cls.id })
    expect(other.status).toBe(404)
    expect(other.body).toEqual({ message: 'Student not found' })
    expect(unknown.body).toEqual(other.body)
    const noClass = await familyA.client.post('/api/enrollments', { studentId: student, classId: 987654 })
    expect(noClass.status).toBe(404)
    expect(noClass.body.message).toBe('Class not found')
    expect((await visitor.post('/api/enrollments', { studentId: student, classId: cls.id })).status).toBe(401)
    expect(await snapshot(app)).toBe(before)
  })

  it('checks the age group for families, inclusive at both ends and open for N+', async () => {
    const seven = await addStudent(app, familyA.userId, 'Seven Years', 7)
    const eight = await addStudent(app, familyA.userId, 'Eight Years', 8)
    const nine = await addStudent(app, familyA.userId, 'Nine Years', 9)
    const adult = await addStudent(app, familyA.userId, 'Adult Dancer', 42)
    const sixToEight = await addClass(app, { ageGroup: '6-8', name: 'Ballet Sprouts' })
    const teens = await addClass(app, { ageGroup: '13-17', name: 'Teen Contemporary' })
    const adults = await addClass(app, { ageGroup: '18+' })

    expect((await familyA.client.post('/api/enrollments', { studentId: eight, classId: sixToEight.id })).status).toBe(201)
    expect((await familyA.client.post('/api/enrollments', { studentId: adult, classId: adults.id })).status).toBe(201)
    const before = await snapshot(app)
    const tooOld = await familyA.client.post('/api/enrollments', { studentId: nine, classId: sixToEight.id })
    expect(tooOld.status).toBe(400)
    expect(tooOld.body.message).toBe('Nine Years is not in the age group of Ballet Sprouts (ages 6-8).')
    const tooYoung = await familyA.client.post('/api/enrollments', { studentId: seven, classId: teens.id })
    expect(tooYoung.body.message).toBe('Seven Years is not in the age group of Teen Contemporary (ages 13-17).')
    expect((await familyA.client.post('/api/enrollments', { studentId: seven, classId: adults.id })).status).toBe(400)
    expect(await snapshot(app)).toBe(before)
  })

  it("counts the age on a class's first day while its term is to come: next season's class takes the dancer as old as they will be", async () => {
    // Eight today, nine in thirty days (a day later when that is 29 February).
    const birthday = addDays(todayIso(), addDays(todayIso(), 30).endsWith('-02-29') ? 31 : 30)
    const dateOfBirth = `${Number(birthday.slice(0, 4)) - 9}${birthday.slice(4)}`
    const student = (
      await app.payload.create({
        collection: 'students',
        overrideAccess: true,
        data: { user: familyA.userId, fullName: 'Turning Nine', dateOfBirth, experienceLevel: 'Beginner', emergencyContact: TEST_EMERGENCY_CONTACT },
      })
    ).id as number
    const classWithTerm = async (name: string, ageGroup: string, termStart?: string) =>
      (
        await app.payload.create({
          collection: 'classes',
          overrideAccess: true,
          data: { ...CLASS_FIELDS, name, ageGroup, ...(termStart ? { termStart } : {}) },
        })
      ).id as number
    const nowNineToEleven = await classWithTerm('Grade Now 9-11', '9-11')
    const laterNineToEleven = await classWithTerm('Grade Later 9-11', '9-11', addDays(todayIso(), 60))
    const laterSixToEight = await classWithTerm('Sprouts Later 6-8', '6-8', addDays(todayIso(), 60))

    const before = await snapshot(app)
    const now = await familyA.client.post('/api/enrollments', { studentId: student, classId: nowNineToEleven })
    expect([now.status, now.body.message]).toEqual([400, 'Turning Nine is not in the age group of Grade Now 9-11 (ages 9-11).'])
    const younger = await familyA.client.post('/api/enrollments', { studentId: student, classId: laterSixToEight })
    expect([younger.status, younger.body.message]).toEqual([400, 'Turning Nine is not in the age group of Sprouts Later 6-8 (ages 6-8).'])
    expect(await snapshot(app)).toBe(before)
    expect((await familyA.client.post('/api/enrollments', { studentId: student, classId: laterNineToEleven })).status).toBe(201)
  })

  it('lets an administrator enroll any student outside their age group, on a chosen date', async () => {
    const seven = await addStudent(app, familyB.userId, 'Admin Placed', 7)
    const teens = await addClass(app, { ageGroup: '13-17' })
    const res = await admin.post('/api/enrollments', { studentId: seven, classId: teens.id, enrollmentDate: '2026-01-15' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ studentId: seven, classId: teens.id, enrollmentDate: '2026-01-15' })
    expect((await familyB.client.get(`/api/students/${seven}/enrollments`)).body.map((e: { classId: number }) => e.classId)).toEqual([teens.id])
  })

  it('refuses a second enrollment of the same student in the same class with 409', async () => {
    const student = await addStudent(app, familyA.userId, 'Twice Tried', 7)
    const cls = await addClass(app, { name: 'Tap Basics' })
    expect((await familyA.client.post('/api/enrollments', { studentId: student, classId: cls.id })).status).toBe(201)
    const again = await familyA.client.post('/api/enrollments', { studentId: student, classId: cls.id })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Twice Tried is already enrolled in Tap Basics.')
    const byAdmin = await admin.post('/api/enrollments', { studentId: student, classId: cls.id })
    expect(byAdmin.status).toBe(409)
    expect(await enrollmentsOf(cls.id)).toHaveLength(1)
  })

  it('turns two identical concurrent requests into exactly one enrollment (one 201, one 409)', async () => {
    for (const capacity of [null, 5]) {
      for (let round = 0; round < 4; round++) {
        const student = await addStudent(app, familyA.userId, `Racer ${round}`, 7)
        const cls = await addClass(app, { capacity, name: `Race ${capacity ?? 'open'} ${round}` })
        const body = { studentId: student, classId: cls.id }
        const answers = await Promise.all([familyA.client.post('/api/enrollments', body), familyA.client.post('/api/enrollments', body)])
        expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
        expect(answers.find((a) => a.status === 409)!.body.message).toBe(`Racer ${round} is already enrolled in ${cls.name}.`)
        expect(await enrollmentsOf(cls.id)).toHaveLength(1)
      }
    }
  })

  it('answers 409 "This class is full." once a class reaches its capacity, for families and administrators', async () => {
    const cls = await addClass(app, { capacity: 1 })
    const first = await addStudent(app, familyA.userId, 'First In', 7)
    const second = await addStudent(app, familyB.userId, 'Second In', 7)
    expect((await familyA.client.post('/api/enrollments', { studentId: first, classId: cls.id })).status).toBe(201)
    const full = await familyB.client.post('/api/enrollments', { studentId: second, classId: cls.id })
    expect(full.status).toBe(409)
    expect(full.body.message).toBe('This class is full.')
    expect((await admin.post('/api/enrollments', { studentId: second, classId: cls.id })).status).toBe(409)
    const listed = (await visitor.get('/api/classes')).body.find((c: { id: number }) => c.id === cls.id)
    expect(listed).toMatchObject({ capacity: 1, enrolledCount: 1 })
  })

  it('never overfills a class: capacity 3 accepts exactly 3 of 8 concurrent requests', async () => {
    const capacity = 3
    const cls = await addClass(app, { capacity })
    const families = [familyA, familyB]
    const requests = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const family = families[i % 2]!
        return { family, studentId: await addStudent(app, family.userId, `Crowd ${i}`, 7) }
      }),
    )
    const answers = await Promise.all(requests.map(({ family, studentId }) => family.client.post('/api/enrollments', { studentId, classId: cls.id })))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(capacity)
    const refused = answers.filter((a) => a.status !== 201)
    expect(refused).toHaveLength(8 - capacity)
    for (const answer of refused) expect(answer).toMatchObject({ status: 409, body: { message: 'This class is full.' } })
    expect(await enrollmentsOf(cls.id)).toHaveLength(capacity)
  })
})

describe('enrollment confirmation email', () => {
  it('is sent to the family when email notifications are on (the default)', async () => {
    const family = await createFamily(app, 'mail-on')
    const student = await addStudent(app, family.userId, 'Mailed Dancer', 7)
    const cls = await addClass(app, { name: 'Mail Ballet' })
    expect((await family.client.post('/api/enrollments', { studentId: student, classId: cls.id })).status).toBe(201)
    const mail = await smtp.waitFor((m) => m.to.includes(family.email))
    expect(mail.subject).toBe('Enrollment confirmed: Mailed Dancer in Mail Ballet')
    expect(mail.text).toContain('Mailed Dancer is now enrolled in Mail Ballet.')
    expect(mail.text).toContain('$65.00/month')
  })

  it('is not sent when the family turned email notifications off', async () => {
    const quiet = await createFamily(app, 'mail-off')
    await app.payload.create({ collection: 'notification-preferences', overrideAccess: true, data: { user: quiet.userId, emailNotifications: false } })
    const loud = await createFamily(app, 'mail-on-2')
    const cls = await addClass(app)
    const quietStudent = await addStudent(app, quiet.userId, 'Quiet Dancer', 7)
    const loudStudent = await addStudent(app, loud.userId, 'Loud Dancer', 7)
    expect((await quiet.client.post('/api/enrollments', { studentId: quietStudent, classId: cls.id })).status).toBe(201)
    expect((await loud.client.post('/api/enrollments', { studentId: loudStudent, classId: cls.id })).status).toBe(201)
    await smtp.waitFor((m) => m.to.includes(loud.email))
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.messages.filter((m) => m.to.includes(quiet.email))).toEqual([])
  })

  it('does not fail the enrollment when mail cannot be sent', async () => {
    const context = getAppContext()
    let attempts = 0
    const broken = { ...context.mailer, send: async () => (attempts++, Promise.reject(new Error('SMTP is down (test)'))) }
    setAppContext({ ...context, mailer: broken })
    try {
      const student = await addStudent(app, familyA.userId, 'Mail Down', 7)
      const cls = await addClass(app)
      const res = await familyA.client.post('/api/enrollments', { studentId: student, classId: cls.id })
      expect(res.status).toBe(201)
      expect(await enrollmentsOf(cls.id)).toHaveLength(1)
      await expect.poll(() => attempts).toBe(1)
    } finally {
      setAppContext(context)
    }
  })
})

describe('GET /api/enrollments/all', () => {
  it('gives an administrator every enrollment with its class and student', async () => {
    const a = await addStudent(app, familyA.userId, 'All List A', 7)
    const b = await addStudent(app, familyB.userId, 'All List B', 7)
    const cls = await addClass(app)
    await familyA.client.post('/api/enrollments', { studentId: a, classId: cls.id })
    await familyB.client.post('/api/enrollments', { studentId: b, classId: cls.id })
    const res = await admin.get('/api/enrollments/all')
    expect(res.status).toBe(200)
    const mine = res.body.filter((e: { classId: number }) => e.classId === cls.id)
    expect(mine).toHaveLength(2)
    expect(mine.find((e: { studentId: number }) => e.studentId === b)).toEqual({
      id: expect.any(Number),
      studentId: b,
      classId: cls.id,
      enrollmentDate: todayIso(),
      endDate: null,
      class: expect.objectContaining({ id: cls.id, name: cls.name, enrolledCount: 2 }),
      student: {
        id: b,
        userId: familyB.userId,
        fullName: 'All List B',
        dateOfBirth: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        experienceLevel: 'Beginner',
        // The family gave it before the first enrollment (issue 24).
        emergencyContact: TEST_EMERGENCY_CONTACT,
      },
    })
  })

  it('answers 403 to a family and 401 to a visitor', async () => {
    const family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
    expect((await family.get('/api/enrollments/all')).status).toBe(403)
    expect((await visitor.get('/api/enrollments/all')).status).toBe(401)
  })
})

describe('DELETE /api/enrollments/{id}', () => {
  async function enrolled(family: Family, name: string) {
    const student = await addStudent(app, family.userId, name, 7)
    const cls = await addClass(app)
    const res = await family.client.post('/api/enrollments', { studentId: student, classId: cls.id })
    expect(res.status).toBe(201)
    return { id: res.body.id as number, student, cls }
  }

  it("removes the family's own student's enrollment", async () => {
    const { id, student } = await enrolled(familyA, 'Leaving Class')
    const res = await familyA.client.delete(`/api/enrollments/${id}`)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Enrollment removed.')
    expect((await familyA.client.get(`/api/students/${student}/enrollments`)).body).toEqual([])
  })

  it("refuses another family's enrollment and an unknown id with the same 404, and a visitor with 401, changing nothing", async () => {
    const { id } = await enrolled(familyA, 'Kept Class')
    const before = await snapshot(app)
    const other = await familyB.client.delete(`/api/enrollments/${id}`)
    expect(other.status).toBe(404)
    expect(other.body).toEqual({ message: 'Enrollment not found' })
    expect((await familyB.client.delete('/api/enrollments/987654')).body).toEqual(other.body)
    expect((await visitor.delete(`/api/enrollments/${id}`)).status).toBe(401)
    expect(await snapshot(app)).toBe(before)
  })

  it("lets an administrator remove any family's enrollment", async () => {
    const { id, cls } = await enrolled(familyB, 'Removed By Admin')
    expect((await admin.delete(`/api/enrollments/${id}`)).status).toBe(200)
    expect(await enrollmentsOf(cls.id)).toEqual([])
  })

  it('frees a place in a full class', async () => {
    const cls = await addClass(app, { capacity: 1 })
    const first = await addStudent(app, familyA.userId, 'Place Holder', 7)
    const second = await addStudent(app, familyB.userId, 'Next In Line', 7)
    const taken = await familyA.client.post('/api/enrollments', { studentId: first, classId: cls.id })
    expect((await familyB.client.post('/api/enrollments', { studentId: second, classId: cls.id })).status).toBe(409)
    expect((await familyA.client.delete(`/api/enrollments/${taken.body.id}`)).status).toBe(200)
    expect((await familyB.client.post('/api/enrollments', { studentId: second, classId: cls.id })).status).toBe(201)
  })
})

describe('deleting students enrolled in the same classes', () => {
  it('never deadlocks: the classes are locked in one order, whatever order the enrollments were made in', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const first = await addClass(app, { capacity: 6 })
      const second = await addClass(app, { capacity: 6 })
      const studentA = await addStudent(app, familyA.userId, `Lock Order A${round}`, 7)
      const studentB = await addStudent(app, familyB.userId, `Lock Order B${round}`, 7)
      // Opposite orders: each delete would otherwise meet the two classes the other way round.
      for (const cls of [first, second]) expect((await familyA.client.post('/api/enrollments', { studentId: studentA, classId: cls.id })).status).toBe(201)
      for (const cls of [second, first]) expect((await familyB.client.post('/api/enrollments', { studentId: studentB, classId: cls.id })).status).toBe(201)
      const answers = await Promise.all([familyA.client.delete(`/api/students/${studentA}`), familyB.client.delete(`/api/students/${studentB}`)])
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      expect(await enrollmentsOf(first.id)).toEqual([])
      expect(await enrollmentsOf(second.id)).toEqual([])
    }
  })
})

describe('the enrollments collection', () => {
  it('lets only administrators create directly, so the age, ownership and capacity checks cannot be bypassed', async () => {
    const student = await addStudent(app, familyA.userId, 'Bypass Attempt', 7)
    const cls = await addClass(app, { ageGroup: '18+' })
    const user = await app.payload.findByID({ collection: 'users', id: familyA.userId, overrideAccess: true })
    await expect(
      app.payload.create({ collection: 'enrollments', data: { student, class: cls.id, enrollmentDate: todayIso() }, user, overrideAccess: false }),
    ).rejects.toThrow(/not allowed/i)
    expect(await enrollmentsOf(cls.id)).toEqual([])
  })
})
