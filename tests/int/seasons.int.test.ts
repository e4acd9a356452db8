import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Class } from '#cms/payload-types'
import { alreadyRolledOverMessage, priorityOnlyMessage, registrationNotOpenMessage, SEASON_MESSAGES } from '#api/seasons/schemas'
import { addDays, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * Seasons (issue 27, the next season): rolling a season over copies its classes and nothing of
 * their families, once; priority registration lets returning dancers in first on every path
 * (enroll, its quote, the waitlist), administrators exempt; the re-enrollment view; retention.
 */
let app: TestApp
let admin: ApiClient
let teacher: ApiClient
let visitor: ApiClient
let family: Family
let other: Family
let grade3: number
const today = todayIso()
let seasonA: { id: number; name: string }
let a1: Class
let a2: Class
let ava: number // returning: in a1 at the end of A, placed in Grade 3
let ben: number // new: never danced in A
let cara: number // left a2 before the end of A
let dan: number // in a2 at the end of A, another family
let seasonB: { id: number; name: string; openOpens: string }
let b1: Class
let b2: Class

const A_DAYS = { firstDay: addDays(today, -80), lastDay: addDays(today, 20), priorityOpens: addDays(today, -200), openOpens: addDays(today, -150) }
const B_INPUT = {
  name: 'Seasons test B',
  firstDay: addDays(today, 40),
  lastDay: addDays(today, 300),
  priorityOpens: addDays(today, -1),
  openOpens: addDays(today, 10),
}

const enroll = (studentId: number, classId: number, enrollmentDate: string, endDate?: string) =>
  app.payload.create({
    collection: 'enrollments',
    data: { student: studentId, class: classId, enrollmentDate, ...(endDate ? { endDate } : {}) },
    overrideAccess: true,
  })

async function classesOf(seasonId: number): Promise<Class[]> {
  const { docs } = await app.payload.find({
    collection: 'classes',
    where: { season: { equals: seasonId } },
    sort: 'name',
    depth: 0,
    limit: 0,
    overrideAccess: true,
  })
  return docs as Class[]
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  family = await createFamily(app, 'seasons-family')
  other = await createFamily(app, 'seasons-other')
  const staff = await createFamily(app, 'seasons-teacher')
  await app.payload.update({ collection: 'users', id: staff.userId, data: { isTeacher: true }, overrideAccess: true })
  teacher = staff.client
  const { docs } = await app.payload.find({ collection: 'levels', where: { name: { equals: 'Grade 3' } }, depth: 0, overrideAccess: true })
  grade3 = docs[0]!.id
  const season = await app.payload.create({ collection: 'seasons', data: { name: 'Seasons test A', ...A_DAYS }, overrideAccess: true })
  seasonA = { id: season.id, name: season.name }
  const first = await addClass(app, { name: 'A Grade 3 Ballet', ageGroup: '6-8', capacity: 9 })
  a1 = (await app.payload.update({
    collection: 'classes',
    id: first.id,
    data: {
      season: season.id,
      syllabusLevel: grade3,
      weekdays: ['Tuesday', 'Thursday'],
      startTime: '16:00',
      endTime: '17:15',
      room: 'Studio C',
      termStart: addDays(A_DAYS.firstDay, 7),
      termEnd: addDays(A_DAYS.lastDay, -7),
      teacher: staff.userId,
      closures: [{ start: A_DAYS.firstDay, end: A_DAYS.firstDay, label: 'Opening day' }],
    },
    overrideAccess: true,
  })) as Class
  const second = await addClass(app, { name: 'A Open Jazz', ageGroup: '6-8' })
  a2 = (await app.payload.update({ collection: 'classes', id: second.id, data: { season: season.id }, overrideAccess: true })) as Class
  ava = await addStudent(app, family.userId, 'Ava Season', 7)
  ben = await addStudent(app, family.userId, 'Ben Season', 7)
  cara = await addStudent(app, family.userId, 'Cara Season', 7)
  dan = await addStudent(app, other.userId, 'Dan Season', 7)
  await app.payload.update({ collection: 'students', id: ava, data: { currentLevel: grade3 }, overrideAccess: true })
  await enroll(ava, a1.id, A_DAYS.firstDay)
  await enroll(cara, a2.id, A_DAYS.firstDay, addDays(A_DAYS.firstDay, 30))
  await enroll(dan, a2.id, A_DAYS.firstDay)
  await app.payload.create({
    collection: 'waitlist-entries',
    data: { class: a1.id, student: ben, family: family.userId, status: 'waiting' },
    overrideAccess: true,
  })
})

afterAll(async () => {
  await app?.close()
})

describe('POST /api/admin/seasons/:id/rollover', () => {
  it('refuses visitors, families and teachers, and bad input, changing nothing', async () => {
    const before = await app.payload.count({ collection: 'seasons', overrideAccess: true })
    expect((await visitor.post(`/api/admin/seasons/${seasonA.id}/rollover`, B_INPUT)).status).toBe(401)
    expect((await family.client.post(`/api/admin/seasons/${seasonA.id}/rollover`, B_INPUT)).status).toBe(403)
    expect((await teacher.post(`/api/admin/seasons/${seasonA.id}/rollover`, B_INPUT)).status).toBe(403)
    const backwards = await admin.post(`/api/admin/seasons/${seasonA.id}/rollover`, { ...B_INPUT, lastDay: addDays(B_INPUT.firstDay, -1) })
    expect(backwards.status).toBe(400)
    expect(backwards.body.message).toBe(SEASON_MESSAGES.dayOrder)
    const lateOpen = await admin.post(`/api/admin/seasons/${seasonA.id}/rollover`, { ...B_INPUT, openOpens: addDays(B_INPUT.priorityOpens, -1) })
    expect(lateOpen.body).toMatchObject({ message: SEASON_MESSAGES.registrationOrder })
    expect((await admin.post(`/api/admin/seasons/${seasonA.id}/rollover`, { ...B_INPUT, firstDay: 'soon' })).status).toBe(400)
    const overlapping = await admin.post(`/api/admin/seasons/${seasonA.id}/rollover`, { ...B_INPUT, firstDay: A_DAYS.lastDay })
    expect(overlapping).toMatchObject({ status: 409, body: { message: SEASON_MESSAGES.rolloverOrder } })
    expect((await admin.post('/api/admin/seasons/999999/rollover', B_INPUT)).body).toMatchObject({ message: SEASON_MESSAGES.notFound })
    expect(await app.payload.count({ collection: 'seasons', overrideAccess: true })).toEqual(before)
  })

  it('copies every class of the season field by field into the new one, and no enrollment or waitlist entry', async () => {
    const res = await admin.post(`/api/admin/seasons/${seasonA.id}/rollover`, B_INPUT)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ season: { ...B_INPUT, rolledFromId: seasonA.id }, classesCopied: 2 })
    seasonB = res.body.season
    ;[a1, a2] = (await classesOf(seasonA.id)) as [Class, Class]
    const copies = await classesOf(seasonB.id)
    expect(copies.map((c) => c.name)).toEqual([a1.name, a2.name])
    ;[b1, b2] = copies as [Class, Class]
    const shift = (day: string) => addDays(day, 120) // B begins 120 days after A
    const same = [
      'name',
      'description',
      'ageGroup',
      'level',
      'syllabusLevel',
      'weekdays',
      'startTime',
      'endTime',
      'days',
      'time',
      'room',
      'location',
      'instructor',
      'teacher',
      'price',
      'capacity',
    ] as const
    for (const [original, copy] of [
      [a1, b1],
      [a2, b2],
    ] as const) {
      for (const field of same) expect([field, copy[field]]).toEqual([field, original[field]])
      expect(copy.season).toBe(seasonB.id)
      expect(copy.closures ?? []).toEqual([])
    }
    expect(b1).toMatchObject({
      syllabusLevel: grade3,
      room: 'Studio C',
      weekdays: ['Tuesday', 'Thursday'],
      startTime: '16:00',
      capacity: 9,
      termStart: shift(a1.termStart!),
      termEnd: shift(a1.termEnd!),
    })
    // A class of the whole season runs for the whole new one.
    expect(b2).toMatchObject({ termStart: B_INPUT.firstDay, termEnd: B_INPUT.lastDay })
    const ids = copies.map((c) => c.id)
    expect(await app.payload.count({ collection: 'enrollments', where: { class: { in: ids } }, overrideAccess: true })).toMatchObject({ totalDocs: 0 })
    expect(await app.payload.count({ collection: 'waitlist-entries', where: { class: { in: ids } }, overrideAccess: true })).toMatchObject({ totalDocs: 0 })
  })

  it('refuses a second rollover of the same season with 409, creating nothing', async () => {
    const classes = await app.payload.count({ collection: 'classes', overrideAccess: true })
    const again = await admin.post(`/api/admin/seasons/${seasonA.id}/rollover`, { ...B_INPUT, name: 'Seasons test B again' })
    expect(again).toMatchObject({ status: 409, body: { message: alreadyRolledOverMessage(seasonA.name, B_INPUT.name) } })
    expect(await app.payload.count({ collection: 'classes', overrideAccess: true })).toEqual(classes)
  })
})

describe('GET /api/classes after a rollover (issue 41)', () => {
  it('names each class of a season with the season and its registration days, and follows a change of the season at once', async () => {
    const classes = (await visitor.get('/api/classes')).body as Array<{ id: number; season?: { id: number; name: string; priorityOpens: string } }>
    const copy = classes.find((c) => c.id === b1.id)!
    expect(copy.season).toEqual({ id: seasonB.id, ...B_INPUT })
    expect(classes.find((c) => c.id === a1.id)!.season).toMatchObject({ id: seasonA.id, name: seasonA.name })
    // The catalogue is kept in memory: the season's own write clears it.
    await app.payload.update({ collection: 'seasons', id: seasonB.id, data: { name: 'Seasons test B renamed' }, overrideAccess: true })
    const again = (await visitor.get('/api/classes')).body as Array<{ id: number; season?: { name: string } }>
    expect(again.find((c) => c.id === b1.id)!.season!.name).toBe('Seasons test B renamed')
    await app.payload.update({ collection: 'seasons', id: seasonB.id, data: { name: seasonB.name }, overrideAccess: true })
  })
})

describe('priority registration', () => {
  const refusal = () => priorityOnlyMessage(B_INPUT.name, B_INPUT.openOpens)

  it('refuses a dancer who was not enrolled at the end of the previous season: enroll, quote and waitlist', async () => {
    for (const student of [ben, cara]) {
      const enrolled = await family.client.post('/api/enrollments', { studentId: student, classId: b2.id })
      expect(enrolled).toMatchObject({ status: 409, body: { message: refusal() } })
      const quote = await family.client.get(`/api/enrollments/quote?studentId=${student}&classId=${b2.id}`)
      expect(quote).toMatchObject({ status: 409, body: { message: refusal() } })
      const line = await family.client.post('/api/waitlist', { studentId: student, classId: b2.id })
      expect(line).toMatchObject({ status: 409, body: { message: refusal() } })
    }
    expect(refusal()).toContain('is open to returning dancers until')
    expect(await app.payload.count({ collection: 'enrollments', where: { class: { in: [b1.id, b2.id] } }, overrideAccess: true })).toMatchObject({
      totalDocs: 0,
    })
  })

  it('lets a returning dancer enroll, and quotes it', async () => {
    expect((await family.client.get(`/api/enrollments/quote?studentId=${ava}&classId=${b1.id}`)).status).toBe(200)
    expect((await family.client.post('/api/enrollments', { studentId: ava, classId: b1.id })).status).toBe(201)
  })

  it('exempts administrators', async () => {
    expect((await admin.post('/api/enrollments', { studentId: ben, classId: b2.id })).status).toBe(201)
  })

  it('refuses everyone but administrators before priority registration opens', async () => {
    const later = await app.payload.create({
      collection: 'seasons',
      data: {
        name: 'Seasons test C',
        firstDay: addDays(today, 400),
        lastDay: addDays(today, 600),
        priorityOpens: addDays(today, 5),
        openOpens: addDays(today, 9),
      },
      overrideAccess: true,
    })
    const cls = await addClass(app, { name: 'C Ballet' })
    await app.payload.update({ collection: 'classes', id: cls.id, data: { season: later.id }, overrideAccess: true })
    const res = await family.client.post('/api/enrollments', { studentId: ava, classId: cls.id })
    expect(res).toMatchObject({ status: 409, body: { message: registrationNotOpenMessage('Seasons test C', addDays(today, 5), addDays(today, 9)) } })
    expect(res.body.message).toMatch(/^Registration for Seasons test C opens on \d+ \w+ \d{4}/)
    expect((await admin.post('/api/enrollments', { studentId: ava, classId: cls.id })).status).toBe(201)
  })
})

describe('GET /api/seasons/re-enrollment', () => {
  it("shows the family's own children: placement, returning, and the suggested classes of the coming season", async () => {
    expect((await visitor.get('/api/seasons/re-enrollment')).status).toBe(401)
    const res = await family.client.get('/api/seasons/re-enrollment')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ season: { id: seasonB.id, name: B_INPUT.name }, phase: 'priority' })
    expect(res.body.children.map((c: { fullName: string }) => c.fullName)).toEqual(['Ava Season', 'Ben Season', 'Cara Season'])
    const [a, b] = res.body.children
    expect(a).toMatchObject({ studentId: ava, currentLevel: 'Grade 3', returning: true, mayEnroll: true })
    expect(a.suggested).toEqual([expect.objectContaining({ id: b1.id, reason: 'level', level: 'Grade 3', enrolled: true, room: 'Studio C' })])
    expect(b).toMatchObject({ studentId: ben, currentLevel: null, returning: false, mayEnroll: false })
    expect(b.suggested).toEqual([expect.objectContaining({ id: b2.id, reason: 'age', enrolled: true })])
    const theirs = await other.client.get('/api/seasons/re-enrollment')
    expect(theirs.body.children).toEqual([expect.objectContaining({ studentId: dan, returning: true, mayEnroll: true })])
  })
})

describe('retention', () => {
  it('counts who of season A at its end enrolled for season B: overall, by level, by class; and as CSV', async () => {
    expect((await family.client.get(`/api/admin/seasons/${seasonA.id}/retention`)).status).toBe(403)
    expect((await teacher.get(`/api/admin/seasons/${seasonA.id}/retention.csv`)).status).toBe(403)
    expect((await admin.get('/api/admin/seasons/999999/retention')).status).toBe(404)
    const res = await admin.get(`/api/admin/seasons/${seasonA.id}/retention`)
    expect(res.status).toBe(200)
    // Ava (a1) returned; Dan (a2) did not; Cara left before the end; Ben was not in A.
    expect(res.body).toMatchObject({
      from: { id: seasonA.id },
      to: { id: seasonB.id },
      overall: { enrolledAtEnd: 2, reEnrolled: 1 },
      byLevel: [
        { level: 'Grade 3', enrolledAtEnd: 1, reEnrolled: 1 },
        { level: 'No level', enrolledAtEnd: 1, reEnrolled: 0 },
      ],
      byClass: [
        { classId: a1.id, className: a1.name, enrolledAtEnd: 1, reEnrolled: 1 },
        { classId: a2.id, className: a2.name, enrolledAtEnd: 1, reEnrolled: 0 },
      ],
    })
    const csv = await admin.get(`/api/admin/seasons/${seasonA.id}/retention.csv`)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.body).toBe(
      [
        'Group,Name,Enrolled at the end of Seasons test A,Re-enrolled for Seasons test B,Retention',
        'Overall,Seasons test A,2,1,50%',
        'Level,Grade 3,1,1,100%',
        'Level,No level,1,0,0%',
        `Class,${a1.name},1,1,100%`,
        `Class,${a2.name},1,0,0%`,
        '',
      ].join('\r\n'),
    )
    const last = await app.payload.find({ collection: 'seasons', where: { name: { equals: 'Seasons test C' } }, overrideAccess: true })
    expect((await admin.get(`/api/admin/seasons/${last.docs[0]!.id}/retention`)).body).toMatchObject({ message: SEASON_MESSAGES.noNextSeason })
  })
})
