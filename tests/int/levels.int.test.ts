import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { LEVEL_MESSAGES, notPlacedAtLevelMessage } from '#api/levels/schemas'
import { addDays, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, snapshot, type Family } from '#tests/support/families'

/**
 * Levels and placement (issue 27): the demo syllabus, an administrator placing a student, and the
 * level rule on every path that puts a student into a class (enroll and its quote, joining a
 * waitlist, accepting an offer, booking a makeup); administrators keep their exemption.
 */
let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let family: Family
let other: Family
let grade3: number
let grade4: number
let levelled: { id: number; name: string }
let ava: number

async function level(name: string): Promise<number> {
  const { docs } = await app.payload.find({ collection: 'levels', where: { name: { equals: name } }, depth: 0, overrideAccess: true })
  return docs[0]!.id
}

async function levelledClass(name: string, levelId: number, fields: { capacity?: number | null } = {}) {
  const cls = await addClass(app, { name, ageGroup: '6-8', ...fields })
  await app.payload.update({ collection: 'classes', id: cls.id, data: { syllabusLevel: levelId, days: 'Daily' }, overrideAccess: true })
  return cls
}

const place = (studentId: number, levelId: number | null) =>
  app.payload.update({ collection: 'students', id: studentId, data: { currentLevel: levelId }, overrideAccess: true })

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  family = await createFamily(app, 'levels-family')
  other = await createFamily(app, 'levels-other')
  grade3 = await level('Grade 3')
  grade4 = await level('Grade 4')
  levelled = await levelledClass('Grade 3 Ballet', grade3)
  ava = await addStudent(app, family.userId, 'Ava Level', 7)
})

afterAll(async () => {
  await app?.close()
})

describe('the syllabus', () => {
  it('seeds the demo levels in order, with skills by section, readable by everyone', async () => {
    const res = await visitor.get('/api/levels')
    expect(res.status).toBe(200)
    expect(res.body.map((l: { name: string }) => l.name)).toEqual([
      'Pre-Primary',
      'Primary',
      ...Array.from({ length: 8 }, (_, i) => `Grade ${i + 1}`),
      'Intermediate Foundation',
      'Intermediate',
      'Advanced',
    ])
    const g6 = res.body.find((l: { name: string }) => l.name === 'Grade 6')
    expect(g6.skills.map((s: { section: string }) => s.section)).toContain('pointe')
    // No demo class teaches a level: the existing journeys enroll into them freely.
    const demo = await app.payload.find({ collection: 'classes', where: { syllabusLevel: { exists: true } }, depth: 0, limit: 0, overrideAccess: true })
    expect(demo.docs.map((c) => c.id)).toEqual([levelled.id])
  })
})

describe('PATCH /api/admin/students/:id/level', () => {
  it('places a student, answers the placement, and clears it', async () => {
    const res = await admin.patch(`/api/admin/students/${ava}/level`, { levelId: grade4 })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ studentId: ava, currentLevel: { id: grade4, name: 'Grade 4' }, message: 'Ava Level is placed in Grade 4.' })
    expect(res.body.classLevels).toContainEqual({ classId: levelled.id, level: { id: grade3, name: 'Grade 3' } })
    const cleared = await admin.patch(`/api/admin/students/${ava}/level`, { levelId: null })
    expect(cleared.body).toMatchObject({ currentLevel: null, message: 'Ava Level is no longer placed at a level.' })
  })

  it('refuses bad input and unknown rows (changing nothing), families, and visitors', async () => {
    const before = await snapshot(app, ['students'])
    const bad = await admin.patch(`/api/admin/students/${ava}/level`, { levelId: 'Grade 3' })
    expect([bad.status, bad.body.message]).toEqual([400, LEVEL_MESSAGES.levelRequired])
    expect((await admin.patch(`/api/admin/students/${ava}/level`, {})).status).toBe(400)
    const noLevel = await admin.patch(`/api/admin/students/${ava}/level`, { levelId: 999999 })
    expect([noLevel.status, noLevel.body.message]).toEqual([404, LEVEL_MESSAGES.levelNotFound])
    expect((await admin.patch('/api/admin/students/999999/level', { levelId: grade3 })).status).toBe(404)
    expect((await family.client.patch(`/api/admin/students/${ava}/level`, { levelId: grade3 })).status).toBe(403)
    expect((await visitor.patch(`/api/admin/students/${ava}/level`, { levelId: grade3 })).status).toBe(401)
    expect(await snapshot(app, ['students'])).toBe(before)
  })

  it('lets the family read its own child’s placement, and nobody else’s', async () => {
    await place(ava, grade4)
    expect((await family.client.get(`/api/students/${ava}/placement`)).body.currentLevel).toEqual({ id: grade4, name: 'Grade 4' })
    expect((await other.client.get(`/api/students/${ava}/placement`)).status).toBe(404)
    expect((await visitor.get(`/api/students/${ava}/placement`)).status).toBe(401)
  })
})

describe('the level rule on enrolling', () => {
  it('refuses a child placed elsewhere or nowhere (enroll and quote), with a clear message, and enrolls once placed', async () => {
    const mia = await addStudent(app, family.userId, 'Mia Level', 7)
    const message = notPlacedAtLevelMessage('Mia Level', 'Grade 3 Ballet', 'Grade 3')
    expect(message).toBe('Grade 3 Ballet is a Grade 3 class: for dancers placed in Grade 3; Mia Level is not placed in Grade 3.')
    for (const levelId of [null, grade4]) {
      await place(mia, levelId)
      const before = await snapshot(app)
      const refused = await family.client.post('/api/enrollments', { studentId: mia, classId: levelled.id })
      expect([refused.status, refused.body.message]).toEqual([400, message])
      const quote = await family.client.get(`/api/enrollments/quote?studentId=${mia}&classId=${levelled.id}`)
      expect([quote.status, quote.body.message]).toEqual([400, message])
      expect(await snapshot(app)).toBe(before)
    }
    await place(mia, grade3)
    expect((await family.client.post('/api/enrollments', { studentId: mia, classId: levelled.id })).status).toBe(201)
  })

  it('lets an administrator enroll outside the level, as outside the age group (decisions §4)', async () => {
    const noah = await addStudent(app, other.userId, 'Noah Desk', 7)
    expect((await admin.post('/api/enrollments', { studentId: noah, classId: levelled.id })).status).toBe(201)
  })

  it('keeps the age group: a placed child of the wrong age is refused as before', async () => {
    const teen = await addStudent(app, family.userId, 'Teen Level', 14)
    await place(teen, grade3)
    const res = await family.client.post('/api/enrollments', { studentId: teen, classId: levelled.id })
    expect([res.status, res.body.message]).toEqual([400, 'Teen Level is not in the age group of Grade 3 Ballet (ages 6-8).'])
  })
})

describe('the level rule on the waitlist', () => {
  it('refuses to put an unplaced child in line, and refuses an offer accepted after the placement changed (the offer stays)', async () => {
    const full = await levelledClass('Grade 3 Full', grade3, { capacity: 1 })
    const holder = await addStudent(app, other.userId, 'Holder', 7)
    const holderEnrollment = (await admin.post('/api/enrollments', { studentId: holder, classId: full.id })).body.id
    const zoe = await addStudent(app, family.userId, 'Zoe Line', 7)
    const notPlaced = await family.client.post('/api/waitlist', { studentId: zoe, classId: full.id })
    expect([notPlaced.status, notPlaced.body.message]).toEqual([400, notPlacedAtLevelMessage('Zoe Line', 'Grade 3 Full', 'Grade 3')])

    await place(zoe, grade3)
    const entry = await family.client.post('/api/waitlist', { studentId: zoe, classId: full.id })
    expect(entry.status).toBe(201)
    expect((await admin.delete(`/api/enrollments/${holderEnrollment}`)).status).toBe(200)
    // Placed elsewhere by the office meanwhile: accepting is enrolling, and is refused.
    await place(zoe, grade4)
    const before = await snapshot(app)
    const refused = await family.client.post(`/api/waitlist/${entry.body.id}/accept`)
    expect([refused.status, refused.body.message]).toEqual([400, notPlacedAtLevelMessage('Zoe Line', 'Grade 3 Full', 'Grade 3')])
    expect(await snapshot(app)).toBe(before)
    expect((await family.client.get('/api/waitlist')).body.find((e: { id: number }) => e.id === entry.body.id).status).toBe('offered')

    await place(zoe, grade3)
    const accepted = await family.client.post(`/api/waitlist/${entry.body.id}/accept`)
    expect([accepted.status, accepted.body.status]).toEqual([200, 'accepted'])
  })
})

describe('the level rule on makeups', () => {
  it('offers and books a makeup only in a class of the dancer’s level', async () => {
    const today = todayIso()
    const own = await addClass(app, { name: 'Unlevelled Own', ageGroup: '6-8' })
    await app.payload.update({ collection: 'classes', id: own.id, data: { days: 'Daily' }, overrideAccess: true })
    const open = await addClass(app, { name: 'Unlevelled Makeup', ageGroup: '6-8' })
    await app.payload.update({ collection: 'classes', id: open.id, data: { days: 'Daily' }, overrideAccess: true })
    const lily = await addStudent(app, family.userId, 'Lily Makeup', 7)
    await place(lily, grade4)
    await app.payload.create({
      collection: 'enrollments',
      data: { student: lily, class: own.id, enrollmentDate: addDays(today, -30) },
      overrideAccess: true,
    })
    const absence = await family.client.post('/api/absences', { studentId: lily, classId: own.id, date: addDays(today, 1) })
    expect(absence.status).toBe(201)
    const absenceId = absence.body.absence.id

    const options = (await family.client.get(`/api/absences/${absenceId}/makeup-options`)).body as Array<{ classId: number }>
    expect(options.some((o) => o.classId === open.id)).toBe(true)
    expect(options.some((o) => o.classId === levelled.id)).toBe(false)

    const before = await snapshot(app)
    const refused = await family.client.post('/api/makeups', { absenceId, classId: levelled.id, date: addDays(today, 2) })
    expect([refused.status, refused.body.message]).toEqual([400, notPlacedAtLevelMessage('Lily Makeup', 'Grade 3 Ballet', 'Grade 3')])
    expect(await app.payload.count({ collection: 'makeups', where: { student: { equals: lily } }, overrideAccess: true })).toEqual({ totalDocs: 0 })
    expect(await snapshot(app)).toBe(before)

    await place(lily, grade3)
    const booked = await family.client.post('/api/makeups', { absenceId, classId: levelled.id, date: addDays(today, 2) })
    expect(booked.status).toBe(201)
  })
})
