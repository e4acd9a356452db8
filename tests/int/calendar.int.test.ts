import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { addDays, formatDayWithWeekday } from '#shared/dates'

let app: TestApp
let visitor: ApiClient
let familyA: Family
let familyB: Family

beforeAll(async () => {
  app = await startTestApp({ ACADEMY_TIMEZONE: 'America/Chicago' })
  visitor = new ApiClient(app.url)
  familyA = await createFamily(app, 'cal-a')
  familyB = await createFamily(app, 'cal-b')
})
afterAll(async () => {
  await app?.close()
})

/** The feed's path from a family's link (`{origin}/api/calendar/{token}.ics`). */
async function feedPath(family: Family): Promise<string> {
  const res = await family.client.get('/api/calendar-link')
  expect(res.status).toBe(200)
  const url = new URL(res.body.url)
  expect(url.origin).toBe(app.url)
  expect(url.pathname).toMatch(/^\/api\/calendar\/\d+\.[A-Za-z0-9_-]{43}\.ics$/)
  return url.pathname
}

const versionRow = (userId: number) => app.payload.kv.get(`calendar-version:${userId}`)

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
}

describe('GET /api/calendar/{token}.ics', () => {
  it("serves a family's classes as weekly recurring events, without a session", async () => {
    const student = await addStudent(app, familyA.userId, 'Ava Calendar', 7)
    const monWed = await addClass(app, { ageGroup: '6-8' })
    const saturday = await addClass(app, { ageGroup: '6-8' })
    await app.payload.update({ collection: 'classes', id: saturday.id, overrideAccess: true, data: { days: 'Saturday', time: '10:30am-12:00pm' } })
    for (const cls of [monWed, saturday]) expect((await familyA.client.post('/api/enrollments', { studentId: student, classId: cls.id })).status).toBe(201)

    const path = await feedPath(familyA)
    const res = await fetch(app.url + path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const text = await res.text()
    expect(text).toContain('\r\n')

    const found = events(text)
    expect(found.map((e) => e.summary).sort()).toEqual([`${monWed.name} (Ava)`, `${saturday.name} (Ava)`].sort())
    const byName = new Map(found.map((e) => [e.summary, e]))
    const first = byName.get(`${monWed.name} (Ava)`)!
    expect((first.component.getFirstPropertyValue('rrule') as ICAL.Recur).parts.BYDAY).toEqual(['MO', 'WE'])
    expect(first.startDate.hour).toBe(16)
    expect(first.endDate.hour).toBe(17)
    const second = byName.get(`${saturday.name} (Ava)`)!
    expect((second.component.getFirstPropertyValue('rrule') as ICAL.Recur).parts.BYDAY).toEqual(['SA'])
    expect([second.startDate.hour, second.startDate.minute]).toEqual([10, 30])
    expect(first.location).toBe('Studio A')
  })

  it('uses the academy time zone from the environment, with its VTIMEZONE', async () => {
    const text = await (await fetch(app.url + (await feedPath(familyA)))).text()
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Chicago')
    expect(text).toMatch(/DTSTART;TZID=America\/Chicago:\d{8}T160000/)
  })

  it('starts at the term, skips the class and academy closures and stops at the term end, read by a real iCalendar parser', async () => {
    const family = await createFamily(app, 'cal-term')
    const student = await addStudent(app, family.userId, 'Tess Term', 7)
    const cls = await addClass(app, { ageGroup: '6-8' })
    await app.payload.update({
      collection: 'classes',
      id: cls.id,
      overrideAccess: true,
      data: {
        weekdays: ['Tuesday', 'Thursday'],
        startTime: '15:30',
        endTime: '16:15',
        termStart: '2027-01-11',
        termEnd: '2027-02-04',
        closures: [{ start: '2027-01-19', end: '2027-01-20', label: 'Recital week' }],
      },
    })
    await app.payload.updateGlobal({
      slug: 'tuition-settings',
      overrideAccess: true,
      data: { closures: [{ start: '2027-01-26', end: '2027-01-28', label: 'Staff days' }] },
    })
    expect((await family.client.post('/api/enrollments', { studentId: student, classId: cls.id })).status).toBe(201)

    const text = await (await fetch(app.url + (await feedPath(family)))).text()
    const calendar = new ICAL.Component(ICAL.parse(text))
    const zones = calendar.getAllSubcomponents('vtimezone')
    expect(zones).toHaveLength(1)
    // The VTIMEZONE is a valid zone the parser can use: winter is UTC-6 and summer UTC-5 in Chicago.
    const zone = new ICAL.Timezone(zones[0]!)
    expect(zone.tzid).toBe('America/Chicago')
    expect(zone.utcOffset(ICAL.Time.fromData({ year: 2027, month: 1, day: 12, hour: 15, minute: 30 }))).toBe(-6 * 3600)
    expect(zone.utcOffset(ICAL.Time.fromData({ year: 2027, month: 7, day: 13, hour: 15, minute: 30 }))).toBe(-5 * 3600)
    ICAL.TimezoneService.register(zones[0]!)
    try {
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
      expect(event.summary).toBe(`${cls.name} (Tess)`)
      const starts: string[] = []
      const iterator = event.iterator()
      for (let next = iterator.next(); next && starts.length < 50; next = iterator.next()) starts.push(next.toJSDate().toISOString())
      // 15:30 in Chicago in January is 21:30 UTC; the 19th (class closure, 19–20) and the 26th and
      // 28th (academy closure, 26–28) are left out, and nothing follows the term's end.
      expect(starts).toEqual(['2027-01-12', '2027-01-14', '2027-01-21', '2027-02-02', '2027-02-04'].map((day) => `${day}T21:30:00.000Z`))
      // The academy's closure is an all-day event of its own, its last day included.
      const closure = calendar
        .getAllSubcomponents('vevent')
        .map((vevent) => new ICAL.Event(vevent))
        .find((e) => e.summary === 'No class — Staff days')!
      expect(closure.startDate.isDate).toBe(true)
      expect([closure.startDate.toString(), closure.endDate.toString()]).toEqual(['2027-01-26', '2027-01-29'])
      expect(text).toContain('DTSTART;VALUE=DATE:20270126\r\nDTEND;VALUE=DATE:20270129')
    } finally {
      ICAL.TimezoneService.reset()
      await app.payload.updateGlobal({ slug: 'tuition-settings', overrideAccess: true, data: { closures: [] } })
    }
  })

  it("holds only the family's own classes", async () => {
    const studentB = await addStudent(app, familyB.userId, 'Ben Other', 7)
    const cls = await addClass(app, { ageGroup: '6-8', name: 'Only For B' })
    expect((await familyB.client.post('/api/enrollments', { studentId: studentB, classId: cls.id })).status).toBe(201)

    const textA = await (await fetch(app.url + (await feedPath(familyA)))).text()
    const textB = await (await fetch(app.url + (await feedPath(familyB)))).text()
    expect(textA).not.toContain('Only For B')
    expect(events(textB).map((e) => e.summary)).toEqual(['Only For B (Ben)'])
  })

  it('drops a class once its enrollment is removed', async () => {
    const family = await createFamily(app, 'cal-remove')
    const student = await addStudent(app, family.userId, 'Remy Remove', 7)
    const cls = await addClass(app, { ageGroup: '6-8', name: 'Removed Later' })
    const enrollment = await family.client.post('/api/enrollments', { studentId: student, classId: cls.id })
    const path = await feedPath(family)
    expect(await (await fetch(app.url + path)).text()).toContain('Removed Later')
    expect((await family.client.delete(`/api/enrollments/${enrollment.body.id}`)).status).toBe(200)
    expect(events(await (await fetch(app.url + path)).text())).toHaveLength(0)
  })

  it("says a reported absence on that day's meeting and puts the booked makeup on its own day (issue 41)", async () => {
    const family = await createFamily(app, 'cal-absent')
    const student = await addStudent(app, family.userId, 'Abby Absent', 7)
    const usual = await addClass(app, { ageGroup: '6-8', name: 'Usual Daily' })
    const other = await addClass(app, { ageGroup: '6-8', name: 'Makeup Daily' })
    for (const cls of [usual, other]) {
      await app.payload.update({ collection: 'classes', id: cls.id, overrideAccess: true, data: { days: 'Daily', time: '4:00-5:00pm' } })
    }
    expect((await family.client.post('/api/enrollments', { studentId: student, classId: usual.id })).status).toBe(201)
    const { today } = (await family.client.get('/api/self-service/rules')).body as { today: string }
    const missed = addDays(today, 2)
    const reported = await family.client.post('/api/absences', { studentId: student, classId: usual.id, date: missed })
    expect(reported.status).toBe(201)
    const makeupDay = addDays(today, 3)
    const booked = await family.client.post('/api/makeups', { absenceId: reported.body.absence.id, classId: other.id, date: makeupDay })
    expect(booked.status).toBe(201)

    const text = await (await fetch(app.url + (await feedPath(family)))).text()
    expect(text).toContain(`RECURRENCE-ID;TZID=America/Chicago:${missed.replace(/-/g, '')}T160000`)
    const found = events(text)
    const master = found.find((e) => e.summary === 'Usual Daily (Abby)')!
    const override = found.find((e) => e.summary === 'Absent: Usual Daily (Abby)')!
    expect(override.uid).toBe(master.uid)
    expect(override.description).toContain('Absence reported by the family.')
    expect(override.description).toContain(`Makeup: Makeup Daily, ${formatDayWithWeekday(makeupDay)}`)
    const makeup = found.find((e) => e.summary === 'Makeup: Makeup Daily (Abby)')!
    expect(makeup.isRecurring()).toBe(false)
    expect([makeup.startDate.toString().slice(0, 10), makeup.startDate.hour, makeup.endDate.hour]).toEqual([makeupDay, 16, 17])
    // Another household's feed knows nothing of it.
    expect(await (await fetch(app.url + (await feedPath(familyB)))).text()).not.toContain('Abby')

    // Cancelling the makeup and then the absence takes both back out.
    const listed = await family.client.get(`/api/students/${student}/absences`)
    const makeupId = listed.body.find((a: { id: number }) => a.id === reported.body.absence.id).makeup.id
    expect((await family.client.delete(`/api/makeups/${makeupId}`)).status).toBe(200)
    expect((await family.client.delete(`/api/absences/${reported.body.absence.id}`)).status).toBe(200)
    const after = await (await fetch(app.url + (await feedPath(family)))).text()
    expect(after).not.toContain('RECURRENCE-ID')
    expect(after).not.toContain('Makeup: Makeup Daily')
  })

  it('answers 404 to a forged, malformed or foreign token, revealing nothing', async () => {
    const path = await feedPath(familyA)
    const token = path.slice('/api/calendar/'.length, -'.ics'.length)
    const [, signature] = token.split('.')
    const tampered = signature!.slice(0, -1) + (signature!.endsWith('A') ? 'B' : 'A')
    const attempts = [
      `/api/calendar/${familyA.userId}.${tampered}.ics`,
      // family A's signature presented for family B
      `/api/calendar/${familyB.userId}.${signature}.ics`,
      `/api/calendar/${token}`,
      `/api/calendar/${token}.ical`,
      `/api/calendar/${familyA.userId}.ics`,
      `/api/calendar/not-a-token.ics`,
      `/api/calendar/999999.${signature}.ics`,
    ]
    for (const attempt of attempts) {
      const res = await visitor.get(attempt)
      expect(res.status, attempt).toBe(404)
      expect(res.body.message, attempt).toBe('This calendar link is not valid. Get a new one from the Schedule page.')
    }
  })

  it('stops serving a deactivated account', async () => {
    const family = await createFamily(app, 'cal-inactive')
    const path = await feedPath(family)
    expect((await fetch(app.url + path)).status).toBe(200)
    await app.payload.update({ collection: 'users', id: family.userId, overrideAccess: true, data: { isActive: false } })
    expect((await visitor.get(path)).status).toBe(404)
  })
})

describe('GET /api/calendar-link', () => {
  it('gives the same link on every call until it is reset', async () => {
    expect(await feedPath(familyA)).toBe(await feedPath(familyA))
  })

  it('gives each family its own link', async () => {
    expect(await feedPath(familyA)).not.toBe(await feedPath(familyB))
  })

  it('asks a visitor to log in', async () => {
    const res = await visitor.get('/api/calendar-link')
    expect(res.status).toBe(401)
    expect(res.body.message).toBe('Please log in to continue.')
  })
})

describe('POST /api/calendar-link/reset', () => {
  it('gives a new link and the old one stops working at once', async () => {
    const family = await createFamily(app, 'cal-reset')
    const old = await feedPath(family)
    expect((await fetch(app.url + old)).status).toBe(200)

    const res = await family.client.post('/api/calendar-link/reset')
    expect(res.status).toBe(200)
    const fresh = new URL(res.body.url).pathname
    expect(fresh).not.toBe(old)
    expect((await visitor.get(old)).status).toBe(404)
    expect((await fetch(app.url + fresh)).status).toBe(200)
    expect(await feedPath(family)).toBe(fresh)
  })

  it("leaves other families' links working", async () => {
    const pathB = await feedPath(familyB)
    const family = await createFamily(app, 'cal-reset-other')
    expect((await family.client.post('/api/calendar-link/reset')).status).toBe(200)
    expect((await fetch(app.url + pathB)).status).toBe(200)
  })

  it('asks a visitor to log in and changes nothing', async () => {
    const before = await versionRow(familyA.userId)
    const pathA = await feedPath(familyA)
    const res = await visitor.post('/api/calendar-link/reset')
    expect(res.status).toBe(401)
    expect(await versionRow(familyA.userId)).toEqual(before)
    expect((await fetch(app.url + pathA)).status).toBe(200)
  })
})
