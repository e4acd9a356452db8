import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CANCELLATION_MESSAGES, CANCELLED_LABEL } from '#api/classes'
import { MESSAGE_TEXTS } from '#api/messages/schemas'
import { WEEKDAYS } from '#shared/schedule'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, createTeacher, type Family } from '#tests/support/families'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * "Class cancelled today" is a cancellation, not only a message (issue 41): the day becomes a
 * closure of the class, so the schedule, the calendar feed and attendance all say there is no
 * class, the families are told once, and the same day can undo it. Real PostgreSQL, real SMTP.
 */
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient
let teacher: Family
let otherTeacher: Family
let family: Family
let student: number
let cls: { id: number; name: string }
let today: string

const subjectsTo = (who: Family) => smtp.messages.filter((m) => m.to.includes(who.email)).map((m) => m.subject)
const closuresOf = async () => ((await admin.get('/api/classes')).body as { id: number; closures: unknown[] }[]).find((c) => c.id === cls.id)!.closures
/** The closures the family's week is drawn from (its own enrollments' classes). */
const familySees = async () =>
  ((await family.client.get(`/api/students/${student}/enrollments`)).body as { class: { closures: unknown[] } }[])[0]!.class.closures

async function feed(): Promise<string> {
  const link = await family.client.get('/api/calendar-link')
  return (await fetch(app.url + new URL(link.body.url).pathname)).text()
}

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Academy <academy@example.com>' })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  teacher = await createTeacher(app, 'cancel-teacher')
  otherTeacher = await createTeacher(app, 'cancel-other')
  family = await createFamily(app, 'cancel-family')
  cls = await addClass(app, { name: 'Cancelled Ballet' })
  // Every weekday, so the class meets today whatever day the suite runs.
  await app.payload.update({
    collection: 'classes',
    id: cls.id,
    overrideAccess: true,
    data: { teacher: teacher.userId, weekdays: [...WEEKDAYS], startTime: '16:00', endTime: '17:00' },
  })
  student = await addStudent(app, family.userId, 'Nia Cancel', 7)
  expect((await family.client.post('/api/enrollments', { studentId: student, classId: cls.id })).status).toBe(201)
  today = (await teacher.client.get('/api/teach/classes')).body.today
})

afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

describe('POST /api/teach/classes/:id/messages with cancelledToday', () => {
  it('refuses another teacher’s class and a family, and changes nothing', async () => {
    expect((await otherTeacher.client.post(`/api/teach/classes/${cls.id}/messages`, { cancelledToday: true })).status).toBe(404)
    expect((await family.client.post(`/api/teach/classes/${cls.id}/messages`, { cancelledToday: true })).status).toBe(403)
    expect(await closuresOf()).toEqual([])
  })

  it('takes today off the schedule, the feed and attendance, and tells the family once', async () => {
    // Read first, so a cache of the family's reads or of the feed would show the old day.
    expect(await feed()).not.toMatch(/EXDATE/)
    expect(await familySees()).toEqual([])
    const res = await teacher.client.post(`/api/teach/classes/${cls.id}/messages`, { cancelledToday: true })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ subject: MESSAGE_TEXTS.cancelledTodaySubject(cls.name), status: 'sent' })

    expect(await closuresOf()).toEqual([{ start: today, end: today, label: CANCELLED_LABEL }])
    expect(await familySees()).toEqual([{ start: today, end: today, label: CANCELLED_LABEL }])
    const teach = (await teacher.client.get('/api/teach/classes')).body.classes
    expect(teach).toEqual([expect.objectContaining({ id: cls.id, meetsToday: false, cancelledToday: true })])
    const mark = await teacher.client.put('/api/teach/attendance', { classId: cls.id, studentId: student, date: today, status: 'absent' })
    expect(mark.status).toBe(409)
    expect(await feed()).toMatch(new RegExp(`EXDATE[^\\n]*${today.replaceAll('-', '')}T`))

    // One message: the cancellation, not also the automatic "closure" notice.
    await smtp.waitFor((m) => m.to.includes(family.email) && m.subject === MESSAGE_TEXTS.cancelledTodaySubject(cls.name))
    const inbox = (await family.client.get('/api/messages')).body as { subject: string }[]
    expect(inbox.map((m) => m.subject)).toEqual([MESSAGE_TEXTS.cancelledTodaySubject(cls.name)])
  })

  it('refuses a second cancellation of the same day, and sends nothing more', async () => {
    const again = await teacher.client.post(`/api/teach/classes/${cls.id}/messages`, { cancelledToday: true })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(CANCELLATION_MESSAGES.alreadyCancelled(cls.name))
    expect(await closuresOf()).toHaveLength(1)
    expect(((await family.client.get('/api/messages')).body as unknown[]).length).toBe(1)
  })
})

describe('DELETE /api/teach/classes/:id/cancellation', () => {
  it('refuses another teacher and a family', async () => {
    expect((await otherTeacher.client.delete(`/api/teach/classes/${cls.id}/cancellation`)).status).toBe(404)
    expect((await family.client.delete(`/api/teach/classes/${cls.id}/cancellation`)).status).toBe(403)
    expect(await closuresOf()).toHaveLength(1)
  })

  it('puts the class back on today, and tells the family', async () => {
    const res = await admin.delete(`/api/teach/classes/${cls.id}/cancellation`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ subject: MESSAGE_TEXTS.backOnTodaySubject(cls.name) })
    expect(await closuresOf()).toEqual([])
    expect(await familySees()).toEqual([])
    const teach = (await teacher.client.get('/api/teach/classes')).body.classes
    expect(teach).toEqual([expect.objectContaining({ id: cls.id, meetsToday: true, cancelledToday: false })])
    expect((await teacher.client.put('/api/teach/attendance', { classId: cls.id, studentId: student, date: today, status: 'present' })).status).toBe(200)
    expect(await feed()).not.toMatch(/EXDATE/)
    await smtp.waitFor((m) => m.to.includes(family.email) && m.subject === MESSAGE_TEXTS.backOnTodaySubject(cls.name))
    // Besides the enrollment's confirmation: the cancellation and its undo, and nothing else (no closure notice).
    expect(subjectsTo(family).filter((subject) => !subject.startsWith('Enrollment confirmed'))).toEqual([
      MESSAGE_TEXTS.cancelledTodaySubject(cls.name),
      MESSAGE_TEXTS.backOnTodaySubject(cls.name),
    ])
  })

  it('answers 409 with its message when the class is not cancelled today', async () => {
    const res = await teacher.client.delete(`/api/teach/classes/${cls.id}/cancellation`)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(CANCELLATION_MESSAGES.notCancelled(cls.name))
  })
})
