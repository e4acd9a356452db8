import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { setAcademyClock } from '#api/lib/academy-clock'
import { alreadyRolledOverMessage, priorityOnlyMessage } from '#api/seasons/schemas'
import { addDays, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * Priority registration on the other paths into a next-season class (issue 27, decisions "the
 * next season"): accepting a waitlist offer and booking a makeup are refused for a dancer who was
 * not enrolled at the end of the previous season, with the very words enrolling answers, and
 * allowed for a returning one. Returning is the previous season as it stood when priority opened:
 * joining one of its running classes afterwards buys no priority. Two rollovers of one season at
 * once: the second is told the season was already rolled over.
 */
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let app: TestApp
let admin: ApiClient
let family: Family
const today = todayIso()
const WINDOW = 14
const SEASON_B = {
  name: 'Paths test B',
  firstDay: addDays(today, 40),
  lastDay: addDays(today, 300),
  priorityOpens: addDays(today, -1),
  openOpens: addDays(today, 10),
}
let current: { id: number } // a class of season A, this season
let plain: { id: number } // a class of no season
let waitlisted: { id: number } // a class of season B with a waitlist
let makeupTarget: { id: number } // a class of season B meeting now, for makeups
let returning: number // in season A's class at its end
let newcomer: number // only in a class of no season

const refusal = () => priorityOnlyMessage(SEASON_B.name, SEASON_B.openOpens)

async function setClass(id: number, data: Record<string, unknown>): Promise<void> {
  await app.payload.update({ collection: 'classes', id, data, overrideAccess: true })
}

const enroll = (student: number, classId: number) =>
  app.payload.create({ collection: 'enrollments', data: { student, class: classId, enrollmentDate: addDays(today, -30) }, overrideAccess: true })

const offer = async (student: number) =>
  (
    await app.payload.create({
      collection: 'waitlist-entries',
      data: {
        class: waitlisted.id,
        student,
        family: family.userId,
        status: 'offered',
        offeredAt: new Date().toISOString(),
        offerExpiresAt: new Date(Date.now() + 48 * 3600_000).toISOString(),
      },
      overrideAccess: true,
    })
  ).id as number

const statusOf = async (entryId: number) => (await app.payload.findByID({ collection: 'waitlist-entries', id: entryId, depth: 0, overrideAccess: true })).status

const enrolledIn = async (student: number, classId: number) =>
  (await app.payload.count({ collection: 'enrollments', where: { student: { equals: student }, class: { equals: classId } }, overrideAccess: true })).totalDocs

const makeupsOf = async (student: number) =>
  (await app.payload.count({ collection: 'makeups', where: { student: { equals: student } }, overrideAccess: true })).totalDocs

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'paths-family')
  await app.payload.updateGlobal({ slug: 'studio-settings', data: { makeupWindowDays: WINDOW }, overrideAccess: true })
  const seasonA = await app.payload.create({
    collection: 'seasons',
    data: {
      name: 'Paths test A',
      firstDay: addDays(today, -80),
      lastDay: addDays(today, 20),
      priorityOpens: addDays(today, -200),
      openOpens: addDays(today, -150),
    },
    overrideAccess: true,
  })
  const seasonB = await app.payload.create({ collection: 'seasons', data: { ...SEASON_B, rolledFrom: seasonA.id }, overrideAccess: true })
  current = await addClass(app, { name: 'Paths A Ballet', ageGroup: '6-8' })
  plain = await addClass(app, { name: 'Paths Open Ballet', ageGroup: '6-8' })
  waitlisted = await addClass(app, { name: 'Paths B Ballet', ageGroup: '6-8', capacity: 5 })
  makeupTarget = await addClass(app, { name: 'Paths B Jazz', ageGroup: '6-8' })
  await setClass(current.id, { days: 'Daily', season: seasonA.id })
  await setClass(plain.id, { days: 'Daily' })
  await setClass(waitlisted.id, { days: 'Daily', season: seasonB.id })
  // A next-season class that meets in the makeup window: the rule reads the season, not the days.
  await setClass(makeupTarget.id, { days: 'Daily', season: seasonB.id })
  returning = await addStudent(app, family.userId, 'Rae Returning', 7)
  newcomer = await addStudent(app, family.userId, 'Nia Newcomer', 7)
  await enroll(returning, current.id)
  await enroll(newcomer, plain.id)
})

afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

afterEach(() => setAcademyClock(null))

describe('who is returning, as the previous season stood when priority registration opened', () => {
  it('does not count a class of this season joined once priority registration is open', async () => {
    const late = await addStudent(app, family.userId, 'Lou Latecomer', 7)
    // This season's class is still open to everyone: the family may join it today.
    expect((await family.client.post('/api/enrollments', { studentId: late, classId: current.id })).status).toBe(201)
    const refused = await family.client.post('/api/enrollments', { studentId: late, classId: makeupTarget.id })
    expect(refused).toMatchObject({ status: 409, body: { message: refusal() } })
    expect(await enrolledIn(late, makeupTarget.id)).toBe(0)
  })

  it('counts a class of this season joined before priority registration opened', async () => {
    const early = await addStudent(app, family.userId, 'Eli Early', 7)
    // Three days ago, by the academy's clock: priority registration opened yesterday.
    setAcademyClock(() => new Date(Date.now() - 3 * 24 * 3600_000))
    expect((await family.client.post('/api/enrollments', { studentId: early, classId: current.id })).status).toBe(201)
    setAcademyClock(null)
    expect((await family.client.post('/api/enrollments', { studentId: early, classId: makeupTarget.id })).status).toBe(201)
  })
})

describe('two rollovers of one season at the same moment', () => {
  it('creates one next season and tells the other that the season was already rolled over', async () => {
    const season = await app.payload.create({
      collection: 'seasons',
      data: { name: 'Race A', firstDay: addDays(today, 400), lastDay: addDays(today, 600), priorityOpens: addDays(today, 300), openOpens: addDays(today, 350) },
      overrideAccess: true,
    })
    // A few classes keep the first rollover's transaction open while the second one inserts.
    for (let i = 0; i < 6; i++) await setClass((await addClass(app, { name: `Race A class ${i}` })).id, { season: season.id })
    const days = { firstDay: addDays(today, 700), lastDay: addDays(today, 900), priorityOpens: addDays(today, 620), openOpens: addDays(today, 650) }
    const answers = await Promise.all(['Race B one', 'Race B two'].map((name) => admin.post(`/api/admin/seasons/${season.id}/rollover`, { name, ...days })))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    const made = answers.find((a) => a.status === 201)!.body.season
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(alreadyRolledOverMessage('Race A', made.name))
    expect((await app.payload.count({ collection: 'seasons', where: { rolledFrom: { equals: season.id } }, overrideAccess: true })).totalDocs).toBe(1)
    expect((await app.payload.count({ collection: 'classes', where: { season: { equals: made.id } }, overrideAccess: true })).totalDocs).toBe(6)
  })
})

describe('accepting a waitlist offer for a next-season class during priority registration', () => {
  it('is refused for a newcomer with the words enrolling answers, the offer left open and nobody enrolled', async () => {
    const enrolling = await family.client.post('/api/enrollments', { studentId: newcomer, classId: waitlisted.id })
    expect(enrolling).toMatchObject({ status: 409, body: { message: refusal() } })
    const entry = await offer(newcomer)
    const accepted = await family.client.post(`/api/waitlist/${entry}/accept`)
    expect(accepted).toMatchObject({ status: 409, body: { message: enrolling.body.message } })
    expect(await statusOf(entry)).toBe('offered')
    expect(await enrolledIn(newcomer, waitlisted.id)).toBe(0)
  })

  it('enrolls a returning dancer', async () => {
    const entry = await offer(returning)
    const accepted = await family.client.post(`/api/waitlist/${entry}/accept`)
    expect(accepted).toMatchObject({ status: 200, body: { id: entry, status: 'accepted' } })
    expect(await enrolledIn(returning, waitlisted.id)).toBe(1)
    await smtp.waitFor((m) => m.to.includes(family.email) && m.text.includes('Rae Returning'))
  })
})

describe('booking a makeup into a next-season class during priority registration', () => {
  const missed = addDays(today, 5)
  const day = addDays(today, 3)

  const absence = async (student: number, classId: number) => {
    const res = await family.client.post('/api/absences', { studentId: student, classId, date: missed })
    expect(res.status).toBe(201)
    return res.body.absence.id as number
  }

  it('is refused for a newcomer with the words enrolling answers, booking nothing', async () => {
    const enrolling = await family.client.post('/api/enrollments', { studentId: newcomer, classId: makeupTarget.id })
    expect(enrolling).toMatchObject({ status: 409, body: { message: refusal() } })
    const booked = await family.client.post('/api/makeups', { absenceId: await absence(newcomer, plain.id), classId: makeupTarget.id, date: day })
    expect(booked).toMatchObject({ status: 409, body: { message: enrolling.body.message } })
    expect(await makeupsOf(newcomer)).toBe(0)
  })

  it('books a returning dancer in', async () => {
    const booked = await family.client.post('/api/makeups', { absenceId: await absence(returning, current.id), classId: makeupTarget.id, date: day })
    expect(booked.status).toBe(201)
    expect(booked.body.makeup).toMatchObject({ classId: makeupTarget.id, date: day })
    expect(await makeupsOf(returning)).toBe(1)
    // The family hears of it as of any makeup (and the mail is sent before the app closes).
    await smtp.waitFor((m) => m.to.includes(family.email) && m.subject.startsWith('Makeup booked: Rae Returning'))
  })
})
