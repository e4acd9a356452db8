import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { setAcademyClock } from '#api/lib/academy-clock'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * The academy's day, east of UTC (Asia/Tokyo): at 00:30 on Wednesday 3 March 2027 it is still
 * 15:30 on Tuesday in UTC. The academy's Wednesday has begun: what it records is dated Wednesday.
 */
const ZONE = 'Asia/Tokyo'
const WEDNESDAY = '2027-03-03'
const WEDNESDAY_EARLY = new Date('2027-03-02T15:30:00Z')

let app: TestApp
let admin: ApiClient
let family: Family
let teacher: Family
let morning: { id: number; name: string }

beforeAll(async () => {
  app = await startTestApp({ ACADEMY_TIMEZONE: ZONE })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'east-family')
  teacher = await createFamily(app, 'east-teacher')
  await app.payload.update({ collection: 'users', id: teacher.userId, data: { isTeacher: true }, overrideAccess: true })
  morning = await addClass(app, { name: 'Wednesday Morning' })
  await app.payload.update({
    collection: 'classes',
    id: morning.id,
    overrideAccess: true,
    data: { days: 'Wednesday', weekdays: ['Wednesday'], startTime: '09:00', endTime: '10:00', teacher: teacher.userId },
  })
}, 120_000)

afterEach(() => setAcademyClock(null))

afterAll(async () => {
  await app?.close()
})

describe('at 00:30 on a Wednesday in Tokyo (Tuesday in UTC)', () => {
  it('enrollments by the family and by the office are dated Wednesday, and Wednesday can be reported and marked', async () => {
    setAcademyClock(() => WEDNESDAY_EARLY)
    const mine = await addStudent(app, family.userId, 'Emi East', 7)
    const byFamily = await family.client.post('/api/enrollments', { studentId: mine, classId: morning.id })
    expect([byFamily.status, byFamily.body.enrollmentDate]).toEqual([201, WEDNESDAY])
    const other = await addStudent(app, family.userId, 'Ken East', 7)
    const byOffice = await admin.post('/api/enrollments', { studentId: other, classId: morning.id })
    expect([byOffice.status, byOffice.body.enrollmentDate]).toEqual([201, WEDNESDAY])

    const teach = await teacher.client.get('/api/teach/classes')
    expect(teach.body.today).toBe(WEDNESDAY)
    expect(teach.body.classes[0]).toMatchObject({ id: morning.id, meetsToday: true })

    const absence = await family.client.post('/api/absences', { studentId: mine, classId: morning.id, date: WEDNESDAY })
    expect(absence.status).toBe(201)
    const marked = await teacher.client.put('/api/teach/attendance', { classId: morning.id, studentId: other, date: WEDNESDAY, status: 'present' })
    expect(marked.status).toBe(200)
  })
})
