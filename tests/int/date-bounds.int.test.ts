import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { setAcademyClock } from '#api/lib/academy-clock'
import { ATTENDANCE_MESSAGES, classDoesNotMeetMessage } from '#api/attendance/schemas'
import { DATE_RANGE_MESSAGES } from '#api/lib/dates.schemas'
import { addDays, formatCalendarDay, todayIso, weekdayOf } from '#shared/dates'
import { WEEKDAYS } from '#shared/schedule'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * Days and months from the outside world are bounded (2000–2100) wherever a request carries one,
 * and attendance is taken only on a day the class meets, inside its term, that has come.
 */
let app: TestApp
let admin: ApiClient
let teacher: Family
let cls: { id: number; name: string }
let student: number
let today: string

async function invoiceCount(): Promise<number> {
  return (await app.payload.count({ collection: 'invoices', overrideAccess: true })).totalDocs
}

async function markCount(): Promise<number> {
  return (await app.payload.count({ collection: 'attendance', overrideAccess: true })).totalDocs
}

beforeAll(async () => {
  app = await startTestApp()
  setAcademyClock(null)
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  teacher = await createFamily(app, 'bounds-teacher')
  await app.payload.update({ collection: 'users', id: teacher.userId, data: { isTeacher: true }, overrideAccess: true })
  const family = await createFamily(app, 'bounds-family')
  today = todayIso()
  cls = await addClass(app, { name: 'Bounds Class' })
  // It meets on today's weekday only, from four weeks ago to four weeks ahead.
  await app.payload.update({
    collection: 'classes',
    id: cls.id,
    overrideAccess: true,
    data: { weekdays: [WEEKDAYS[weekdayOf(today)]!], termStart: addDays(today, -28), termEnd: addDays(today, 28), teacher: teacher.userId },
  })
  student = await addStudent(app, family.userId, 'Bea Bounds', 7)
  await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student, class: cls.id, enrollmentDate: addDays(today, -60) } })
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('months and days out of range', () => {
  it('a tuition run for year 0, 1, 99 or 9999 is a 400 with its message, and bills nothing', async () => {
    const before = await invoiceCount()
    for (const period of ['0000-01', '0001-01', '0099-12', '9999-12', '1999-12', '2101-01']) {
      for (const dryRun of [true, false]) {
        const res = await admin.post('/api/admin/tuition/run', { period, dryRun })
        expect([period, res.status, res.body.message]).toEqual([period, 400, DATE_RANGE_MESSAGES.month])
      }
    }
    expect((await admin.post('/api/admin/tuition/run', { period: '2100-12' })).status).toBe(200)
    expect(await invoiceCount()).toBe(before)
  })

  it('every other month and day input refuses a year out of range with a 400', async () => {
    const before = await invoiceCount()
    const summary = await admin.get('/api/admin/tuition/summary?month=0000-01')
    expect([summary.status, summary.body.message]).toEqual([400, DATE_RANGE_MESSAGES.month])
    const fees = await admin.post('/api/admin/tuition/late-fees', { today: '9999-12-31', dryRun: false })
    expect([fees.status, fees.body.message]).toEqual([400, DATE_RANGE_MESSAGES.day])
    const invoice = await admin.post('/api/invoices', { userId: teacher.userId, description: 'Far away', amount: 10, dueDate: '0100-01-01' })
    expect([invoice.status, invoice.body.message]).toEqual([400, DATE_RANGE_MESSAGES.day])
    const tuition = await admin.post('/api/invoices', {
      userId: teacher.userId,
      description: 'Far tuition',
      amount: 10,
      dueDate: today,
      kind: 'tuition',
      period: '9999-12',
    })
    expect([tuition.status, tuition.body.message]).toEqual([400, DATE_RANGE_MESSAGES.month])
    const settings = await admin.get('/api/admin/tuition-settings')
    const closure = await admin.request('PUT', '/api/admin/tuition-settings', { ...settings.body, closures: [{ date: '1999-12-31', label: null }] })
    expect([closure.status, closure.body.message]).toEqual([400, DATE_RANGE_MESSAGES.day])
    const roster = await teacher.client.get(`/api/teach/classes/${cls.id}/roster?date=0100-01-01`)
    expect([roster.status, roster.body.message]).toEqual([400, DATE_RANGE_MESSAGES.day])
    expect(await invoiceCount()).toBe(before)
  })
})

describe('PUT /api/teach/attendance', () => {
  const mark = (date: string) => teacher.client.put('/api/teach/attendance', { classId: cls.id, studentId: student, date, status: 'present' })

  it('refuses year 100, a day to come, a day the class does not meet and a day outside its term, storing nothing', async () => {
    const before = await markCount()
    const ancient = await mark('0100-01-01')
    expect([ancient.status, ancient.body.message]).toEqual([400, DATE_RANGE_MESSAGES.day])
    const future = await mark(addDays(today, 7))
    expect([future.status, future.body.message]).toEqual([400, ATTENDANCE_MESSAGES.dayInFuture])
    const notMeeting = await mark(addDays(today, -1))
    expect([notMeeting.status, notMeeting.body.message]).toEqual([409, classDoesNotMeetMessage(cls.name, formatCalendarDay(addDays(today, -1)))])
    const beforeTerm = await mark(addDays(today, -35))
    expect([beforeTerm.status, beforeTerm.body.message]).toEqual([409, classDoesNotMeetMessage(cls.name, formatCalendarDay(addDays(today, -35)))])
    expect(await markCount()).toBe(before)
  })

  it('marks today and a past meeting', async () => {
    expect((await mark(today)).status).toBe(200)
    expect((await mark(addDays(today, -7))).status).toBe(200)
  })
})
