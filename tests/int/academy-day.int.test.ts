import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { setAcademyClock } from '#api/lib/academy-clock'
import { addDays, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * The academy's day, west of UTC (America/New_York): at 22:30 on Tuesday 2 March 2027 it is
 * already 03:30 on Wednesday in UTC. Every day the academy records on that evening is Tuesday:
 * the enrollment (by the family or by the office), the drop's notice, an absence, a teacher's
 * mark, a payment received. East of UTC, see academy-day-east.int.test.ts.
 */
const ZONE = 'America/New_York'
const TUESDAY = '2027-03-02'
const TUESDAY_LATE = new Date('2027-03-03T03:30:00Z')

let app: TestApp
let admin: ApiClient
let family: Family
let teacher: Family
let evening: { id: number; name: string }

const enrollmentDateOf = async (id: number) =>
  ((await app.payload.findByID({ collection: 'enrollments', id, depth: 0, overrideAccess: true })).enrollmentDate as string).slice(0, 10)

beforeAll(async () => {
  app = await startTestApp({ ACADEMY_TIMEZONE: ZONE })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'west-family')
  teacher = await createFamily(app, 'west-teacher')
  await app.payload.update({ collection: 'users', id: teacher.userId, data: { isTeacher: true }, overrideAccess: true })
  evening = await addClass(app, { name: 'Tuesday Evening' })
  await app.payload.update({
    collection: 'classes',
    id: evening.id,
    overrideAccess: true,
    data: { days: 'Tuesday', weekdays: ['Tuesday'], startTime: '19:00', endTime: '20:00', teacher: teacher.userId },
  })
}, 120_000)

afterEach(() => setAcademyClock(null))

afterAll(async () => {
  await app?.close()
})

describe('at 22:30 on a Tuesday in New York (Wednesday in UTC)', () => {
  it("a family's own enrollment is dated Tuesday: that night's class is in its feed, its absence can be reported, the teacher can mark it", async () => {
    setAcademyClock(() => TUESDAY_LATE)
    const student = await addStudent(app, family.userId, 'Wendy West', 7)
    const enrolled = await family.client.post('/api/enrollments', { studentId: student, classId: evening.id })
    expect(enrolled.status).toBe(201)
    expect(enrolled.body.enrollmentDate).toBe(TUESDAY)
    expect(await enrollmentDateOf(enrolled.body.id)).toBe(TUESDAY)

    const link = await family.client.get('/api/calendar-link')
    const feed = await fetch(link.body.url)
    expect(await feed.text()).toContain(`DTSTART;TZID=${ZONE}:20270302T190000`)

    const absence = await family.client.post('/api/absences', { studentId: student, classId: evening.id, date: TUESDAY })
    expect(absence.status).toBe(201)

    const marked = await teacher.client.put('/api/teach/attendance', { classId: evening.id, studentId: student, date: TUESDAY, status: 'present' })
    expect(marked.status).toBe(200)
    // Wednesday has not come yet for the academy.
    const tomorrow = await teacher.client.put('/api/teach/attendance', { classId: evening.id, studentId: student, date: '2027-03-03', status: 'present' })
    expect(tomorrow.status).toBe(400)

    // The month's run bills every Tuesday of March, the 2nd included: the full price.
    const dry = await admin.post('/api/admin/tuition/run', { period: '2027-03', userIds: [family.userId] })
    expect(dry.body.families[0]).toMatchObject({ outcome: 'wouldCreate', totalCents: 6500 })

    // The drop's notice (7 days, the studio's default) counts from Tuesday: Tuesday the 9th is allowed.
    const dropped = await family.client.post(`/api/enrollments/${enrolled.body.id}/drop`, { lastDay: '2027-03-09' })
    expect(dropped.status).toBe(200)
  })

  it('an enrollment the office makes without a date is dated Tuesday too', async () => {
    setAcademyClock(() => TUESDAY_LATE)
    const student = await addStudent(app, family.userId, 'Walter West', 7)
    const enrolled = await admin.post('/api/enrollments', { studentId: student, classId: evening.id })
    expect(enrolled.status).toBe(201)
    expect(enrolled.body.enrollmentDate).toBe(TUESDAY)
  })

  it('a payment received "tomorrow" by the academy’s day is refused, today’s is recorded', async () => {
    // Ten days ago at 22:30 in New York: the UTC day is already the next one.
    const day = addDays(todayIso(), -10)
    setAcademyClock(() => new Date(new Date(`${day}T22:30:00-05:00`).getTime()))
    const invoice = await app.payload.create({
      collection: 'invoices',
      overrideAccess: true,
      data: { userId: family.userId, description: 'Costume', amountCents: 4000, status: 'pending', dueDate: day, kind: 'manual' },
    })
    const early = await admin.post(`/api/admin/invoices/${invoice.id}/mark-paid`, { method: 'cash', receivedOn: addDays(day, 1) })
    expect([early.status, early.body.message]).toEqual([400, 'Date received cannot be in the future'])
    const paid = await admin.post(`/api/admin/invoices/${invoice.id}/mark-paid`, { method: 'cash', receivedOn: day })
    expect(paid.status).toBe(200)
  })
})
