import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { setAcademyClock } from '#api/lib/academy-clock'
import { poolOf } from '#api/lib/database'
import { ATTENDANCE_LIST_LIMIT } from '#api/attendance/schemas'
import { closedDayMessage, SELF_SERVICE_MESSAGES } from '#api/self-service/schemas'
import { addDays, formatDayWithWeekday, todayIso, weekdayOf } from '#shared/dates'
import { WEEKDAYS } from '#shared/schedule'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * A family's own changes (decisions §16) with the whole cast: a visitor, family A, family B, a
 * teacher (of the main class, with no students) and an administrator. Every refusal leaves the
 * enrollments, marks and makeups exactly as they were.
 */
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let familyA: Family
let familyB: Family
let teacher: Family
let today: string
let mainClass: { id: number; name: string }
let otherClass: { id: number; name: string }
let teenClass: { id: number; name: string }
let oneDayClass: { id: number; name: string; days: string }
let ava: number
let bo: number
let avaMain: number
let boMain: number

const NOTICE = 7
const WINDOW = 14

async function enroll(studentId: number, classId: number, endDate?: string): Promise<number> {
  const doc = await app.payload.create({
    collection: 'enrollments',
    data: { student: studentId, class: classId, enrollmentDate: addDays(today, -30), ...(endDate ? { endDate } : {}) },
    overrideAccess: true,
  })
  return doc.id as number
}

/** Every row a self-service call may touch. */
async function state(): Promise<string> {
  const all = (collection: 'enrollments' | 'attendance' | 'makeups') =>
    app.payload.find({ collection, depth: 0, limit: 0, pagination: false, sort: 'id', overrideAccess: true }).then((r) => r.docs)
  return JSON.stringify(await Promise.all([all('enrollments'), all('attendance'), all('makeups')]))
}

async function endDateOf(id: number): Promise<string | null> {
  const doc = await app.payload.findByID({ collection: 'enrollments', id, depth: 0, overrideAccess: true })
  return doc.endDate ? doc.endDate.slice(0, 10) : null
}

async function setClass(id: number, data: Record<string, unknown>): Promise<void> {
  await app.payload.update({ collection: 'classes', id, data, overrideAccess: true })
}

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  familyA = await createFamily(app, 'self-a')
  familyB = await createFamily(app, 'self-b')
  teacher = await createFamily(app, 'self-teacher')
  await app.payload.update({ collection: 'users', id: teacher.userId, data: { isTeacher: true }, overrideAccess: true })
  await app.payload.updateGlobal({
    slug: 'studio-settings',
    data: { waitlistOfferHours: 48, dropNoticeDays: NOTICE, makeupWindowDays: WINDOW },
    overrideAccess: true,
  })
  today = todayIso()
  mainClass = await addClass(app, { name: 'Self Main', ageGroup: '6-8' })
  otherClass = await addClass(app, { name: 'Self Other', ageGroup: '6-8', capacity: 2 })
  teenClass = await addClass(app, { name: 'Self Teen', ageGroup: '13-17' })
  const oneDay = WEEKDAYS[weekdayOf(addDays(today, 2))]!
  oneDayClass = { ...(await addClass(app, { name: 'Self One Day', ageGroup: '6-8' })), days: oneDay }
  await setClass(mainClass.id, { days: 'Daily', teacher: teacher.userId })
  await setClass(otherClass.id, { days: 'Daily' })
  await setClass(teenClass.id, { days: 'Daily' })
  await setClass(oneDayClass.id, { days: oneDay })
  ava = await addStudent(app, familyA.userId, 'Ava Self', 7)
  bo = await addStudent(app, familyB.userId, 'Bo Self', 7)
  avaMain = await enroll(ava, mainClass.id)
  boMain = await enroll(bo, mainClass.id)
  await enroll(ava, oneDayClass.id)
})
afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

describe('GET /api/self-service/rules', () => {
  it("gives a signed-in user the academy's today, the notice and the window, and a visitor 401", async () => {
    expect((await familyA.client.get('/api/self-service/rules')).body).toEqual({
      today,
      dropNoticeDays: NOTICE,
      makeupWindowDays: WINDOW,
      academyClosures: [],
      academyClosureRanges: [],
    })
    expect((await visitor.get('/api/self-service/rules')).status).toBe(401)
  })
})

describe('POST and DELETE /api/enrollments/{id}/drop', () => {
  it('sets the last day no earlier than the notice allows, shows it, mails it, and can be undone before it comes', async () => {
    const lastDay = addDays(today, NOTICE)
    const dropped = await familyA.client.post(`/api/enrollments/${avaMain}/drop`, { lastDay })
    expect(dropped.status).toBe(200)
    expect(dropped.body).toEqual({
      message: `Ava Self's last day in Self Main is ${formatDayWithWeekday(lastDay)}. Tuition is prorated to that day.`,
      enrollmentId: avaMain,
      endDate: lastDay,
    })
    expect(await endDateOf(avaMain)).toBe(lastDay)
    const listed = await familyA.client.get(`/api/students/${ava}/enrollments`)
    expect(listed.body.find((e: { id: number }) => e.id === avaMain).endDate).toBe(lastDay)
    const mail = await smtp.waitFor((m) => m.to.includes(familyA.email) && m.subject.startsWith('Class drop confirmed'))
    expect(mail.text).toContain(`Ava Self's last day in Self Main is ${formatDayWithWeekday(lastDay)}.`)

    const undone = await familyA.client.delete(`/api/enrollments/${avaMain}/drop`)
    expect(undone.status).toBe(200)
    expect(undone.body.endDate).toBeNull()
    expect(await endDateOf(avaMain)).toBeNull()
    expect((await familyA.client.delete(`/api/enrollments/${avaMain}/drop`)).body.message).toBe(SELF_SERVICE_MESSAGES.noDropScheduled)
  })

  it('refuses a day inside the notice and bad input with 400, changing nothing', async () => {
    const before = await state()
    const early = await familyA.client.post(`/api/enrollments/${avaMain}/drop`, { lastDay: addDays(today, NOTICE - 1) })
    expect(early.status).toBe(400)
    expect(early.body.message).toBe(`The studio needs 7 days' notice: the last day can be ${formatDayWithWeekday(addDays(today, NOTICE))} at the earliest.`)
    for (const body of [{}, { lastDay: '2026-02-30' }, { lastDay: 'soon' }, { lastDay: 20261201 }]) {
      expect((await familyA.client.post(`/api/enrollments/${avaMain}/drop`, body)).status).toBe(400)
    }
    expect((await familyA.client.post(`/api/enrollments/${avaMain}/drop`, { lastDay: addDays(today, -400) })).status).toBe(400)
    expect(await state()).toBe(before)
  })

  it('answers another family and a teacher 404, a visitor 401, and changes nothing', async () => {
    const before = await state()
    const lastDay = addDays(today, 30)
    expect((await familyB.client.post(`/api/enrollments/${avaMain}/drop`, { lastDay })).status).toBe(404)
    expect((await teacher.client.post(`/api/enrollments/${avaMain}/drop`, { lastDay })).status).toBe(404)
    expect((await visitor.post(`/api/enrollments/${avaMain}/drop`, { lastDay })).status).toBe(401)
    expect((await familyB.client.delete(`/api/enrollments/${avaMain}/drop`)).status).toBe(404)
    expect((await visitor.delete(`/api/enrollments/${avaMain}/drop`)).status).toBe(401)
    expect((await familyA.client.post('/api/enrollments/999999/drop', { lastDay })).status).toBe(404)
    expect(await state()).toBe(before)
  })

  it('lets an administrator set any last day from the first day on, without the notice', async () => {
    const tomorrow = addDays(today, 1)
    expect((await admin.post(`/api/enrollments/${boMain}/drop`, { lastDay: tomorrow })).status).toBe(200)
    expect(await endDateOf(boMain)).toBe(tomorrow)
    expect((await admin.delete(`/api/enrollments/${boMain}/drop`)).status).toBe(200)
    expect(await endDateOf(boMain)).toBeNull()
  })

  it('an enrollment that has ended can be neither dropped nor undone (409)', async () => {
    const cls = await addClass(app, { name: 'Self Ended' })
    const ended = await enroll(ava, cls.id, addDays(today, -1))
    const before = await state()
    const drop = await familyA.client.post(`/api/enrollments/${ended}/drop`, { lastDay: addDays(today, 20) })
    expect([drop.status, drop.body.message]).toEqual([409, SELF_SERVICE_MESSAGES.alreadyEnded])
    expect((await familyA.client.delete(`/api/enrollments/${ended}/drop`)).status).toBe(409)
    expect(await state()).toBe(before)
  })

  it('a place counts as free after its last day: enrollment capacity ignores ended enrollments only', async () => {
    const cls = await addClass(app, { name: 'Self Capacity', capacity: 1 })
    const leaving = await addStudent(app, familyB.userId, 'Leaving Self', 7)
    const leavingEnrollment = await enroll(leaving, cls.id, addDays(today, 3))
    const newcomer = await addStudent(app, familyA.userId, 'Newcomer Self', 7)
    const full = await familyA.client.post('/api/enrollments', { studentId: newcomer, classId: cls.id })
    expect([full.status, full.body.message]).toEqual([409, 'This class is full.'])
    await app.payload.update({ collection: 'enrollments', id: leavingEnrollment, data: { endDate: addDays(today, -1) }, overrideAccess: true })
    expect((await familyA.client.post('/api/enrollments', { studentId: newcomer, classId: cls.id })).status).toBe(201)
  })
})

describe('POST and DELETE /api/absences', () => {
  it('stores a family report as an absent mark the roster shows, once however often it is sent, and mails it', async () => {
    const date = addDays(today, 1)
    const reported = await familyA.client.post('/api/absences', { studentId: ava, classId: mainClass.id, date })
    expect(reported.status).toBe(201)
    expect(reported.body.message).toBe(`Ava Self is reported absent from Self Main on ${formatDayWithWeekday(date)}. You can now book a makeup.`)
    expect(reported.body.absence).toMatchObject({ studentId: ava, classId: mainClass.id, date, reportedBy: 'family', cancellable: true, makeup: null })
    const again = await familyA.client.post('/api/absences', { studentId: ava, classId: mainClass.id, date })
    expect(again.status).toBe(200)
    expect(again.body.absence.id).toBe(reported.body.absence.id)
    const rows = await app.payload.find({ collection: 'attendance', where: { student: { equals: ava } }, overrideAccess: true, depth: 0 })
    expect(rows.docs.map((r) => [r.date, r.status, r.reportedBy])).toEqual([[date, 'absent', 'family']])
    await smtp.waitFor((m) => m.to.includes(familyA.email) && m.subject === `Absence reported: Ava Self, Self Main on ${formatDayWithWeekday(date)}`)

    const roster = await teacher.client.get(`/api/teach/classes/${mainClass.id}/roster?date=${date}`)
    expect(roster.body.students.find((s: { studentId: number }) => s.studentId === ava)).toMatchObject({ status: 'absent', reportedByFamily: true })
    // The office's export tells the family's report from a teacher's mark.
    const csv = await admin.get(`/api/admin/attendance.csv?classId=${mainClass.id}&from=${date}&to=${date}`)
    expect(csv.body).toContain(`${date},Self Main,Ava Self,absent,Family,`)

    const cancelled = await familyA.client.delete(`/api/absences/${reported.body.absence.id}`)
    expect(cancelled.status).toBe(200)
    expect((await app.payload.count({ collection: 'attendance', where: { student: { equals: ava } }, overrideAccess: true })).totalDocs).toBe(0)
  })

  it("the teacher's mark replaces the report; the family can then neither report nor withdraw that day (409)", async () => {
    const date = today
    const reported = await familyA.client.post('/api/absences', { studentId: ava, classId: mainClass.id, date })
    expect(reported.status).toBe(201)
    expect((await teacher.client.put('/api/teach/attendance', { classId: mainClass.id, studentId: ava, date, status: 'present' })).status).toBe(200)
    const roster = await teacher.client.get(`/api/teach/classes/${mainClass.id}/roster?date=${date}`)
    expect(roster.body.students.find((s: { studentId: number }) => s.studentId === ava)).toMatchObject({ status: 'present', reportedByFamily: false })
    const before = await state()
    const again = await familyA.client.post('/api/absences', { studentId: ava, classId: mainClass.id, date })
    expect([again.status, again.body.message]).toEqual([409, SELF_SERVICE_MESSAGES.teacherMarked])
    expect((await familyA.client.delete(`/api/absences/${reported.body.absence.id}`)).status).toBe(409)
    expect(await state()).toBe(before)
    await app.payload.delete({ collection: 'attendance', id: reported.body.absence.id, overrideAccess: true })
  })

  it('refuses a past day, a day the class does not meet, a class the student is not in, and bad input (400), changing nothing', async () => {
    const before = await state()
    const past = await familyA.client.post('/api/absences', { studentId: ava, classId: mainClass.id, date: addDays(today, -1) })
    expect([past.status, past.body.message]).toEqual([400, SELF_SERVICE_MESSAGES.dayInPast])
    const offDay = addDays(today, 3)
    const notMeeting = await familyA.client.post('/api/absences', { studentId: ava, classId: oneDayClass.id, date: offDay })
    expect([notMeeting.status, notMeeting.body.message]).toEqual([
      400,
      `Self One Day does not meet on ${formatDayWithWeekday(offDay)} (it meets ${oneDayClass.days}).`,
    ])
    const notIn = await familyA.client.post('/api/absences', { studentId: ava, classId: teenClass.id, date: today })
    expect([notIn.status, notIn.body.message]).toEqual([400, SELF_SERVICE_MESSAGES.notEnrolled])
    const far = await familyA.client.post('/api/absences', { studentId: ava, classId: mainClass.id, date: addDays(today, 200) })
    expect([far.status, far.body.message]).toEqual([400, SELF_SERVICE_MESSAGES.tooFarAhead])
    for (const body of [
      {},
      { studentId: ava, classId: mainClass.id },
      { studentId: 'x', classId: mainClass.id, date: today },
      { studentId: ava, classId: mainClass.id, date: '2026-13-01' },
    ]) {
      expect((await familyA.client.post('/api/absences', body)).status).toBe(400)
    }
    expect(await state()).toBe(before)
  })

  it('refuses the days a class does not run (its own closures, the academy’s, after its term) and never offers them for a makeup', async () => {
    const closedClass = await addClass(app, { name: 'Self Closed', ageGroup: '6-8' })
    await setClass(closedClass.id, { days: 'Daily', closures: [{ start: addDays(today, 4), end: addDays(today, 4) }], termEnd: addDays(today, 20) })
    await enroll(ava, closedClass.id)
    const settings = await app.payload.findGlobal({ slug: 'tuition-settings', overrideAccess: true })
    const holiday = addDays(today, 6)
    await app.payload.updateGlobal({
      slug: 'tuition-settings',
      data: { closures: [...(settings.closures ?? []), { start: holiday, end: addDays(holiday, 1), label: 'Holiday' }] },
      overrideAccess: true,
    })
    try {
      const rules = (await familyA.client.get('/api/self-service/rules')).body
      expect(rules.academyClosures).toEqual(expect.arrayContaining([holiday, addDays(holiday, 1)]))
      expect(rules.academyClosureRanges).toContainEqual({ start: holiday, end: addDays(holiday, 1), label: 'Holiday' })
      const before = await state()
      for (const day of [addDays(today, 4), holiday, addDays(today, 21)]) {
        const refused = await familyA.client.post('/api/absences', { studentId: ava, classId: closedClass.id, date: day })
        expect([refused.status, refused.body.message]).toEqual([400, closedDayMessage('Self Closed', day)])
      }
      expect(await state()).toBe(before)
      const reported = await familyA.client.post('/api/absences', { studentId: ava, classId: closedClass.id, date: addDays(today, 5) })
      expect(reported.status, JSON.stringify(reported.body)).toBe(201)
      const options = await familyA.client.get(`/api/absences/${reported.body.absence.id}/makeup-options`)
      expect(options.status).toBe(200)
      expect(options.body.length).toBeGreaterThan(0)
      expect(options.body.some((o: { date: string }) => o.date === holiday)).toBe(false)
      const onHoliday = await familyA.client.post('/api/makeups', { absenceId: reported.body.absence.id, classId: otherClass.id, date: holiday })
      expect([onHoliday.status, onHoliday.body.message]).toEqual([400, closedDayMessage('Self Other', holiday)])
      expect((await familyA.client.delete(`/api/absences/${reported.body.absence.id}`)).status).toBe(200)
    } finally {
      await app.payload.updateGlobal({ slug: 'tuition-settings', data: { closures: settings.closures ?? [] }, overrideAccess: true })
      // The other tests count the classes of this age group.
      await app.payload.delete({ collection: 'classes', id: closedClass.id, overrideAccess: true })
    }
  })

  it('answers another family and a teacher 404 and a visitor 401, changing nothing', async () => {
    const date = addDays(today, 2)
    const reported = await familyA.client.post('/api/absences', { studentId: ava, classId: mainClass.id, date })
    const before = await state()
    expect((await familyB.client.post('/api/absences', { studentId: ava, classId: mainClass.id, date: addDays(today, 4) })).status).toBe(404)
    expect((await teacher.client.post('/api/absences', { studentId: ava, classId: mainClass.id, date: addDays(today, 4) })).status).toBe(404)
    expect((await visitor.post('/api/absences', { studentId: ava, classId: mainClass.id, date: addDays(today, 4) })).status).toBe(401)
    expect((await familyB.client.delete(`/api/absences/${reported.body.absence.id}`)).status).toBe(404)
    expect((await teacher.client.delete(`/api/absences/${reported.body.absence.id}`)).status).toBe(404)
    expect((await visitor.delete(`/api/absences/${reported.body.absence.id}`)).status).toBe(401)
    expect((await familyB.client.get(`/api/students/${ava}/absences`)).status).toBe(404)
    expect((await visitor.get(`/api/students/${ava}/absences`)).status).toBe(401)
    expect(await state()).toBe(before)
    // An administrator may withdraw it for the family.
    expect((await admin.delete(`/api/absences/${reported.body.absence.id}`)).status).toBe(200)
  })
})

describe('makeups', () => {
  let absenceA: number
  let absenceB: number
  const missed = () => addDays(today, 5)

  beforeAll(async () => {
    absenceA = (await familyA.client.post('/api/absences', { studentId: ava, classId: mainClass.id, date: missed() })).body.absence.id
    absenceB = (await familyB.client.post('/api/absences', { studentId: bo, classId: mainClass.id, date: missed() })).body.absence.id
    // One of the two places of the other class is taken by a student who leaves after today + 7.
    const stayer = await addStudent(app, familyB.userId, 'Stayer Self', 7)
    await enroll(stayer, otherClass.id, addDays(today, 7))
  })

  it('offers the days with a free place in other classes of the same age group within the window', async () => {
    const options = await familyA.client.get(`/api/absences/${absenceA}/makeup-options`)
    expect(options.status).toBe(200)
    const classes = new Set(options.body.map((o: { classId: number }) => o.classId))
    expect(classes.has(otherClass.id)).toBe(true)
    expect(classes.has(mainClass.id)).toBe(false)
    expect(classes.has(teenClass.id)).toBe(false)
    // Ava is in the one-day class already: it is never offered to her.
    expect(classes.has(oneDayClass.id)).toBe(false)
    for (const option of options.body) {
      expect(option.date >= today && option.date <= addDays(missed(), WINDOW)).toBe(true)
    }
    expect(options.body.find((o: { classId: number; date: string }) => o.classId === otherClass.id && o.date === addDays(today, 3)).freePlaces).toBe(1)
    expect((await familyB.client.get(`/api/absences/${absenceA}/makeup-options`)).status).toBe(404)
    expect((await visitor.get(`/api/absences/${absenceA}/makeup-options`)).status).toBe(401)
  })

  it('refuses another age group, the same class, a day outside the window, in the past or not meeting, and bad input (400), changing nothing', async () => {
    const before = await state()
    const book = (body: object) => familyA.client.post('/api/makeups', { absenceId: absenceA, ...body })
    const teen = await book({ classId: teenClass.id, date: addDays(today, 3) })
    expect([teen.status, teen.body.message]).toEqual([400, 'Self Teen is for ages 13-17; a makeup must be in a class for ages 6-8.'])
    expect((await book({ classId: mainClass.id, date: addDays(today, 3) })).body.message).toBe(SELF_SERVICE_MESSAGES.sameClass)
    const late = await book({ classId: otherClass.id, date: addDays(missed(), WINDOW + 1) })
    expect([late.status, late.body.message]).toEqual([
      400,
      `A makeup must be between ${formatDayWithWeekday(today)} and ${formatDayWithWeekday(addDays(missed(), WINDOW))}.`,
    ])
    expect((await book({ classId: otherClass.id, date: addDays(today, -1) })).body.message).toBe(SELF_SERVICE_MESSAGES.dayInPast)
    const other = await addClass(app, { name: 'Self Other One Day', ageGroup: '6-8' })
    await setClass(other.id, { days: oneDayClass.days })
    const notMeeting = await book({ classId: other.id, date: addDays(today, 3) })
    expect(notMeeting.status).toBe(400)
    expect(notMeeting.body.message).toContain('does not meet on')
    for (const body of [{ classId: otherClass.id }, { classId: 0, date: today }, { classId: otherClass.id, date: 'tomorrow' }]) {
      expect((await book(body)).status).toBe(400)
    }
    expect((await familyA.client.post('/api/makeups', { classId: otherClass.id, date: today })).status).toBe(400)
    expect(await state()).toBe(before)
  })

  it('answers another family and a teacher 404 and a visitor 401, changing nothing', async () => {
    const before = await state()
    const body = { absenceId: absenceA, classId: otherClass.id, date: addDays(today, 3) }
    expect((await familyB.client.post('/api/makeups', body)).status).toBe(404)
    expect((await teacher.client.post('/api/makeups', body)).status).toBe(404)
    expect((await visitor.post('/api/makeups', body)).status).toBe(401)
    expect(await state()).toBe(before)
  })

  it('books a place that day, shows it on that roster, once per absence, and counts it against that day only', async () => {
    const day = addDays(today, 3)
    const booked = await familyA.client.post('/api/makeups', { absenceId: absenceA, classId: otherClass.id, date: day })
    expect(booked.status).toBe(201)
    expect(booked.body.makeup).toMatchObject({ classId: otherClass.id, className: 'Self Other', date: day, cancellable: true })
    expect(booked.body.message).toContain(`Ava Self is booked into Self Other on ${formatDayWithWeekday(day)}`)
    await smtp.waitFor((m) => m.to.includes(familyA.email) && m.subject === `Makeup booked: Ava Self in Self Other on ${formatDayWithWeekday(day)}`)

    const roster = await admin.get(`/api/teach/classes/${otherClass.id}/roster?date=${day}`)
    expect(roster.body.students.find((s: { studentId: number }) => s.studentId === ava)).toMatchObject({ makeupFrom: 'Self Main', status: null })
    const otherDay = await admin.get(`/api/teach/classes/${otherClass.id}/roster?date=${addDays(day, 1)}`)
    expect(otherDay.body.students.some((s: { studentId: number }) => s.studentId === ava)).toBe(false)
    // The teacher of that day marks the makeup student like any other (on that day: a day to come cannot be marked).
    setAcademyClock(() => new Date(Date.now() + 3 * 86_400_000))
    try {
      expect((await admin.put('/api/teach/attendance', { classId: otherClass.id, studentId: ava, date: day, status: 'present' })).status).toBe(200)
    } finally {
      setAcademyClock(null)
    }

    const listed = await familyA.client.get(`/api/students/${ava}/absences`)
    expect(listed.body.find((a: { id: number }) => a.id === absenceA)).toMatchObject({ canBookMakeup: false, cancellable: false, makeup: { date: day } })

    const before = await state()
    const twice = await familyA.client.post('/api/makeups', { absenceId: absenceA, classId: otherClass.id, date: addDays(today, 4) })
    expect([twice.status, twice.body.message]).toEqual([409, SELF_SERVICE_MESSAGES.alreadyBooked])
    const withdraw = await familyA.client.delete(`/api/absences/${absenceA}`)
    expect([withdraw.status, withdraw.body.message]).toEqual([409, SELF_SERVICE_MESSAGES.absenceHasMakeup])

    // Both places are taken that day (the stayer and Ava): family B is refused, and nothing changes.
    const full = await familyB.client.post('/api/makeups', { absenceId: absenceB, classId: otherClass.id, date: day })
    expect([full.status, full.body.message]).toEqual([409, `Self Other is full on ${formatDayWithWeekday(day)}.`])
    expect(await state()).toBe(before)
    // Another day has a free place; after the stayer's last day both are free.
    // (Other classes of the age group may meet that day too: only this class's day is full.)
    const optionsB = (await familyB.client.get(`/api/absences/${absenceB}/makeup-options`)).body as Array<{ classId: number; date: string }>
    expect(optionsB.some((o) => o.classId === otherClass.id && o.date === day)).toBe(false)
    const nextDay = await familyB.client.post('/api/makeups', { absenceId: absenceB, classId: otherClass.id, date: addDays(today, 8) })
    expect(nextDay.status).toBe(201)
    const options = await familyA.client.get(`/api/absences/${absenceB}/makeup-options`)
    expect(options.status).toBe(404)
  })

  it('is cancelled by its own family (another family and a teacher 404, a visitor 401), and the absence can then be withdrawn', async () => {
    const listed = await familyA.client.get(`/api/students/${ava}/absences`)
    const makeupId = listed.body.find((a: { id: number }) => a.id === absenceA).makeup.id
    const before = await state()
    expect((await familyB.client.delete(`/api/makeups/${makeupId}`)).status).toBe(404)
    expect((await teacher.client.delete(`/api/makeups/${makeupId}`)).status).toBe(404)
    expect((await visitor.delete(`/api/makeups/${makeupId}`)).status).toBe(401)
    expect(await state()).toBe(before)
    const cancelled = await familyA.client.delete(`/api/makeups/${makeupId}`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.message).toContain('the place is free again')
    expect((await app.payload.count({ collection: 'makeups', where: { id: { equals: makeupId } }, overrideAccess: true })).totalDocs).toBe(0)
    expect((await familyA.client.delete(`/api/absences/${absenceA}`)).status).toBe(200)
  })

  it('deleting a student takes its makeups with it', async () => {
    const student = await addStudent(app, familyB.userId, 'Gone Self', 7)
    await enroll(student, mainClass.id)
    const absence = await familyB.client.post('/api/absences', { studentId: student, classId: mainClass.id, date: addDays(today, 6) })
    expect((await familyB.client.post('/api/makeups', { absenceId: absence.body.absence.id, classId: otherClass.id, date: addDays(today, 9) })).status).toBe(
      201,
    )
    expect((await familyB.client.delete(`/api/students/${student}`)).status).toBe(200)
    expect((await app.payload.count({ collection: 'makeups', where: { student: { equals: student } }, overrideAccess: true })).totalDocs).toBe(0)
  })
})

describe('GET /api/admin/attendance row limit', () => {
  it(`refuses more than ${ATTENDANCE_LIST_LIMIT} marks with a message asking to narrow the query, JSON and CSV alike`, async () => {
    const cls = await addClass(app, { name: 'Self Many Marks' })
    const student = await addStudent(app, familyA.userId, 'Many Marks', 7)
    const pool = poolOf(app.payload)
    // One mark a day for LIMIT + 1 days, written in one statement.
    await pool.query(
      `INSERT INTO attendance (class_id, student_id, date, status, reported_by)
       SELECT $1, $2, to_char(DATE '2000-01-01' + n, 'YYYY-MM-DD'), 'present', 'teacher' FROM generate_series(0, $3) AS n`,
      [cls.id, student, ATTENDANCE_LIST_LIMIT],
    )
    const message = `${(ATTENDANCE_LIST_LIMIT + 1).toLocaleString('en-US')} marks match; at most ${ATTENDANCE_LIST_LIMIT.toLocaleString('en-US')} can be listed at once. Please narrow the class, student or dates.`
    const wide = await admin.get(`/api/admin/attendance?classId=${cls.id}`)
    expect([wide.status, wide.body.message]).toEqual([400, message])
    const csv = await admin.get(`/api/admin/attendance.csv?classId=${cls.id}`)
    expect([csv.status, csv.body.message]).toEqual([400, message])
    const narrow = await admin.get(`/api/admin/attendance?classId=${cls.id}&from=2000-01-01&to=2000-01-31`)
    expect(narrow.status).toBe(200)
    expect(narrow.body).toHaveLength(31)
    await app.payload.delete({ collection: 'classes', id: cls.id, overrideAccess: true })
  })
})
