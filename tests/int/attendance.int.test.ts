import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ATTENDANCE_MESSAGES } from '#api/attendance/schemas'
import { addDays, todayIso, weekdayOf } from '#shared/dates'
import { WEEKDAYS } from '#shared/schedule'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, createTeacher, type Family } from '#tests/support/families'

/**
 * Teachers and attendance (decisions §9) with the whole cast: a visitor, a family, teacher A
 * (classA), teacher B (classB) and an administrator. The academy is in UTC+14, so "today" is
 * the academy's day, not the server's, for most of the UTC day.
 */
const TIME_ZONE = 'Pacific/Kiritimati'

let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let family: Family
let teacherA: Family
let teacherB: Family
let today: string
let classA: { id: number; name: string }
let classB: { id: number; name: string }
let classOther: { id: number; name: string }
let ava: number
let ben: number
let outsider: number

async function enroll(studentId: number, classId: number, endDate?: string): Promise<void> {
  await app.payload.create({
    collection: 'enrollments',
    data: { student: studentId, class: classId, enrollmentDate: addDays(today, -30), ...(endDate ? { endDate } : {}) },
    overrideAccess: true,
  })
}

async function marks(): Promise<string> {
  const result = await app.payload.find({ collection: 'attendance', depth: 0, limit: 0, pagination: false, sort: 'id', overrideAccess: true })
  return JSON.stringify(result.docs)
}

beforeAll(async () => {
  app = await startTestApp({ ACADEMY_TIMEZONE: TIME_ZONE })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  family = await createFamily(app, 'attendance-family')
  teacherA = await createTeacher(app, 'teacher-a')
  teacherB = await createTeacher(app, 'teacher-b')
  today = todayIso(new Date(), TIME_ZONE)
  const todayName = WEEKDAYS[weekdayOf(today)]
  const otherDay = WEEKDAYS[(weekdayOf(today) + 3) % 7]
  classA = await addClass(app, { name: 'Attendance A' })
  classB = await addClass(app, { name: 'Attendance B' })
  classOther = await addClass(app, { name: 'Attendance Unassigned' })
  await app.payload.update({
    collection: 'classes',
    id: classA.id,
    data: { teacher: teacherA.userId, days: `${todayName} & ${otherDay}` },
    overrideAccess: true,
  })
  await app.payload.update({ collection: 'classes', id: classB.id, data: { teacher: teacherB.userId, days: otherDay! }, overrideAccess: true })
  ava = await addStudent(app, family.userId, 'Ava Roster', 7)
  ben = await addStudent(app, family.userId, 'Ben Roster', 9, { emergencyContact: null })
  outsider = await addStudent(app, family.userId, 'Olive Outside', 8)
  await app.payload.update({
    collection: 'students',
    id: ava,
    data: { emergencyContact: { name: 'Grandma Roster', phone: '555 010 2030' } },
    overrideAccess: true,
  })
  await enroll(ava, classA.id)
  await enroll(ben, classA.id)
  await enroll(outsider, classB.id)
})
afterAll(async () => {
  await app?.close()
})

describe('GET /api/teach/classes', () => {
  it("gives a teacher their own classes only, today's (in the academy's time zone) marked, and nothing about money", async () => {
    const res = await teacherA.client.get('/api/teach/classes')
    expect(res.status).toBe(200)
    expect(res.body.today).toBe(today)
    expect(res.body.classes).toEqual([
      { id: classA.id, name: 'Attendance A', days: expect.any(String), time: '4:00-5:00pm', location: 'Studio A', meetsToday: true, cancelledToday: false },
    ])
    const b = await teacherB.client.get('/api/teach/classes')
    expect(b.body.classes.map((c: { id: number }) => c.id)).toEqual([classB.id])
    expect(b.body.classes[0].meetsToday).toBe(false)
    expect(JSON.stringify(b.body)).not.toMatch(/price|invoice|cents/i)
  })

  it('keeps who teaches a class out of what anyone may read of the class', async () => {
    const asVisitor = await app.payload.findByID({ collection: 'classes', id: classA.id, overrideAccess: false, depth: 0 })
    expect(asVisitor.teacher).toBeUndefined()
    const asAdmin = await app.payload.findByID({ collection: 'classes', id: classA.id, overrideAccess: true, depth: 0 })
    expect(asAdmin.teacher).toBe(teacherA.userId)
  })

  it('gives an administrator every class, and refuses families (403) and visitors (401)', async () => {
    const ids = (await admin.get('/api/teach/classes')).body.classes.map((c: { id: number }) => c.id)
    expect(ids).toEqual(expect.arrayContaining([classA.id, classB.id, classOther.id]))
    const refused = await family.client.get('/api/teach/classes')
    expect([refused.status, refused.body.message]).toEqual([403, 'This page is for the academy’s teachers.'])
    expect((await visitor.get('/api/teach/classes')).status).toBe(401)
  })
})

/** A child whose family has told nothing more than the emergency contact (issue 24). */
const NO_CARE = { allergies: '', hasMedicalNotes: false, mayBePhotographed: null, photoRelease: null, pickups: [] }

describe('GET /api/teach/classes/:id/roster', () => {
  it('lists each enrolled student with age and emergency contact for the teacher of the class', async () => {
    const res = await teacherA.client.get(`/api/teach/classes/${classA.id}/roster?date=${today}`)
    expect(res.status).toBe(200)
    expect(res.body.date).toBe(today)
    expect(res.body.class.id).toBe(classA.id)
    expect(res.body.students).toEqual([
      {
        studentId: ava,
        fullName: 'Ava Roster',
        age: expect.any(Number),
        emergencyContact: { name: 'Grandma Roster', phone: '555 010 2030' },
        status: null,
        reportedByFamily: false,
        makeupFrom: null,
        care: NO_CARE,
      },
      {
        studentId: ben,
        fullName: 'Ben Roster',
        age: expect.any(Number),
        emergencyContact: null,
        status: null,
        reportedByFamily: false,
        makeupFrom: null,
        care: NO_CARE,
      },
    ])
    expect(res.body.students[0].age).toBeGreaterThanOrEqual(6)
    expect(res.body.students[0].age).toBeLessThanOrEqual(7)
  })

  it("answers 404 to another teacher's class and a class that does not exist, 403 to a family, 401 to a visitor", async () => {
    const other = await teacherB.client.get(`/api/teach/classes/${classA.id}/roster?date=${today}`)
    expect([other.status, other.body.message]).toEqual([404, ATTENDANCE_MESSAGES.classNotFound])
    expect(JSON.stringify(other.body)).not.toContain('Ava')
    expect((await teacherA.client.get(`/api/teach/classes/${classOther.id}/roster?date=${today}`)).status).toBe(404)
    expect((await teacherA.client.get(`/api/teach/classes/999999/roster?date=${today}`)).status).toBe(404)
    expect((await teacherA.client.get(`/api/teach/classes/abc/roster?date=${today}`)).status).toBe(404)
    expect((await family.client.get(`/api/teach/classes/${classA.id}/roster?date=${today}`)).status).toBe(403)
    expect((await visitor.get(`/api/teach/classes/${classA.id}/roster?date=${today}`)).status).toBe(401)
    expect((await admin.get(`/api/teach/classes/${classA.id}/roster?date=${today}`)).body.students).toHaveLength(2)
  })

  it('asks for a real date', async () => {
    const missing = await teacherA.client.get(`/api/teach/classes/${classA.id}/roster`)
    expect([missing.status, missing.body.message]).toEqual([400, ATTENDANCE_MESSAGES.dateRequired])
    const wrong = await teacherA.client.get(`/api/teach/classes/${classA.id}/roster?date=2026-02-30`)
    expect([wrong.status, wrong.body.message]).toEqual([400, ATTENDANCE_MESSAGES.dateInvalid])
  })

  it('leaves out a student whose enrollment ended before the day', async () => {
    const left = await addStudent(app, family.userId, 'Lena Left', 8)
    await enroll(left, classA.id, addDays(today, -2))
    const names = (await teacherA.client.get(`/api/teach/classes/${classA.id}/roster?date=${today}`)).body.students.map((s: { fullName: string }) => s.fullName)
    expect(names).not.toContain('Lena Left')
    const earlier = (await teacherA.client.get(`/api/teach/classes/${classA.id}/roster?date=${addDays(today, -3)}`)).body.students
    expect(earlier.map((s: { fullName: string }) => s.fullName)).toContain('Lena Left')
  })
})

describe('PUT /api/teach/attendance', () => {
  it('stores one mark per class, student and day: the same call twice is one row, a new status updates it', async () => {
    const body = { classId: classA.id, studentId: ava, date: today, status: 'present' }
    const first = await teacherA.client.put('/api/teach/attendance', body)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ id: expect.any(Number), classId: classA.id, studentId: ava, date: today, status: 'present' })
    const again = await teacherA.client.put('/api/teach/attendance', body)
    expect(again.body.id).toBe(first.body.id)
    const late = await teacherA.client.put('/api/teach/attendance', { ...body, status: 'late' })
    expect([late.status, late.body.id, late.body.status]).toEqual([200, first.body.id, 'late'])
    const rows = await app.payload.find({ collection: 'attendance', where: { student: { equals: ava } }, depth: 0, overrideAccess: true })
    expect(rows.docs.map((d) => [d.date, d.status, d.markedBy])).toEqual([[today, 'late', teacherA.userId]])

    // Two marks at once (a phone retrying) still leave one row.
    const both = await Promise.all([
      teacherA.client.put('/api/teach/attendance', { ...body, studentId: ben, status: 'absent' }),
      teacherA.client.put('/api/teach/attendance', { ...body, studentId: ben, status: 'absent' }),
    ])
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect(both[0]!.body.id).toBe(both[1]!.body.id)

    const roster = await teacherA.client.get(`/api/teach/classes/${classA.id}/roster?date=${today}`)
    expect(roster.body.students.map((s: { status: string }) => s.status)).toEqual(['late', 'absent'])
    const yesterday = await teacherA.client.get(`/api/teach/classes/${classA.id}/roster?date=${addDays(today, -1)}`)
    expect(yesterday.body.students.map((s: { status: string | null }) => s.status)).toEqual([null, null])
  })

  it('answers bad input with 400 and its message, and stores nothing', async () => {
    const before = await marks()
    const valid = { classId: classA.id, studentId: ava, date: addDays(today, -7), status: 'present' }
    const refused = async (body: object) => {
      const res = await teacherA.client.put('/api/teach/attendance', body)
      return [res.status, res.body.message]
    }
    expect(await refused({ ...valid, status: 'here' })).toEqual([400, ATTENDANCE_MESSAGES.statusInvalid])
    expect(await refused({ ...valid, date: '2026-02-30' })).toEqual([400, ATTENDANCE_MESSAGES.dateInvalid])
    expect(await refused({ ...valid, date: '' })).toEqual([400, ATTENDANCE_MESSAGES.dateRequired])
    expect(await refused({ ...valid, classId: String(classA.id) })).toEqual([400, ATTENDANCE_MESSAGES.classIdInvalid])
    expect(await refused({ ...valid, studentId: -1 })).toEqual([400, ATTENDANCE_MESSAGES.studentIdInvalid])
    const { status: _s, ...noStatus } = valid
    expect(await refused(noStatus)).toEqual([400, ATTENDANCE_MESSAGES.statusInvalid])
    expect(await marks()).toBe(before)
  })

  it("refuses another teacher's class (404), a student not in the class (404), families (403) and visitors (401), storing nothing", async () => {
    const before = await marks()
    const valid = { classId: classA.id, studentId: ava, date: today, status: 'absent' }
    const other = await teacherB.client.put('/api/teach/attendance', valid)
    expect([other.status, other.body.message]).toEqual([404, ATTENDANCE_MESSAGES.classNotFound])
    const notIn = await teacherA.client.put('/api/teach/attendance', { ...valid, studentId: outsider })
    expect([notIn.status, notIn.body.message]).toEqual([404, ATTENDANCE_MESSAGES.notEnrolled])
    expect((await teacherB.client.put('/api/teach/attendance', { ...valid, classId: classB.id })).status).toBe(404)
    expect((await family.client.put('/api/teach/attendance', valid)).status).toBe(403)
    expect((await visitor.put('/api/teach/attendance', valid)).status).toBe(401)
    expect(await marks()).toBe(before)
  })

  it('lets an administrator mark any class', async () => {
    // Four days ago is the weekday class B meets (today + 3): a mark is for a day the class met.
    const res = await admin.put('/api/teach/attendance', { classId: classB.id, studentId: outsider, date: addDays(today, -4), status: 'present' })
    expect([res.status, res.body.status]).toEqual([200, 'present'])
  })
})

describe('GET /api/admin/attendance and attendance.csv', () => {
  it('lists marks by class, student and dates for administrators only', async () => {
    await teacherA.client.put('/api/teach/attendance', { classId: classA.id, studentId: ava, date: addDays(today, -14), status: 'absent' })
    const all = await admin.get(`/api/admin/attendance?classId=${classA.id}`)
    expect(all.status).toBe(200)
    expect(all.body.every((r: { classId: number }) => r.classId === classA.id)).toBe(true)
    expect(all.body[0]).toMatchObject({ date: today, className: 'Attendance A', markedBy: 'teacher-a parent' })
    const ranged = await admin.get(`/api/admin/attendance?studentId=${ava}&from=${addDays(today, -20)}&to=${addDays(today, -10)}`)
    expect(ranged.body.map((r: { date: string; status: string; studentName: string }) => [r.date, r.status, r.studentName])).toEqual([
      [addDays(today, -14), 'absent', 'Ava Roster'],
    ])
    const reversed = await admin.get(`/api/admin/attendance?from=${today}&to=${addDays(today, -1)}`)
    expect([reversed.status, reversed.body.message]).toEqual([400, ATTENDANCE_MESSAGES.rangeReversed])
    expect((await admin.get('/api/admin/attendance?classId=x')).status).toBe(400)
    expect((await teacherA.client.get('/api/admin/attendance')).status).toBe(403)
    expect((await teacherA.client.get('/api/admin/attendance.csv')).status).toBe(403)
    expect((await family.client.get('/api/admin/attendance')).status).toBe(403)
    expect((await visitor.get('/api/admin/attendance.csv')).status).toBe(401)
  })

  it('exports CSV whose cells can never start a spreadsheet formula', async () => {
    const hostile = ['=HYPERLINK("http://x","y")', '+1+1', '-2', '@SUM(A1)', '\tTab', '\rReturn']
    const ids: number[] = []
    for (const name of hostile) {
      const id = await addStudent(app, family.userId, name, 7)
      await enroll(id, classA.id)
      ids.push(id)
      expect((await teacherA.client.put('/api/teach/attendance', { classId: classA.id, studentId: id, date: today, status: 'late' })).status).toBe(200)
    }
    const res = await admin.get(`/api/admin/attendance.csv?classId=${classA.id}&from=${today}&to=${today}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toContain('attachment')
    const text = res.body as string
    expect(text.split('\r\n')[0]).toBe('Date,Class,Student,Status,Reported by,Marked by,Updated at')
    expect(text).toContain(`,"'=HYPERLINK(""http://x"",""y"")",late,`)
    expect(text).toContain(",'+1+1,late,")
    expect(text).toContain(",'-2,late,")
    expect(text).toContain(",'@SUM(A1),late,")
    expect(text).toContain(",'\tTab,late,")
    expect(text).toContain(`,"'\rReturn",late,`)
    // No cell of any row starts with a formula character.
    const cells = text.split(/,|\r\n/).map((cell) => cell.replace(/^"/, ''))
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
  })

  it('deleting a student or a class takes its marks with it', async () => {
    const gone = await addStudent(app, family.userId, 'Gone Soon', 7)
    await enroll(gone, classA.id)
    await teacherA.client.put('/api/teach/attendance', { classId: classA.id, studentId: gone, date: today, status: 'present' })
    await app.payload.delete({ collection: 'enrollments', where: { student: { equals: gone } }, overrideAccess: true })
    await app.payload.delete({ collection: 'students', id: gone, overrideAccess: true })
    expect((await app.payload.count({ collection: 'attendance', where: { student: { equals: gone } }, overrideAccess: true })).totalDocs).toBe(0)
  })
})
