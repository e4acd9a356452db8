import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { EXAM_MESSAGES, deadlinePassedMessage } from '#api/exams/schemas'
import { addDays, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { uniqueName } from '#tests/support/postgres'

/**
 * Exams (issue 27): a teacher proposes a student of their own class, an administrator confirms,
 * a full guardian of the household accepts before the entry deadline, and the result reaches the
 * family only once recorded. Everyone else is refused.
 */
let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let family: Family
let otherFamily: Family
let teacher: Family
let otherTeacher: Family
let viewer: ApiClient
let grade3: number
let grade4: number
let mia: number
let otherChild: number
let session: { id: number }
let closedSession: { id: number }

async function createTeacher(label: string): Promise<Family> {
  const account = await createFamily(app, label)
  await app.payload.update({ collection: 'users', id: account.userId, data: { isTeacher: true }, overrideAccess: true })
  return account
}

async function entryRows(): Promise<string> {
  const { docs } = await app.payload.find({ collection: 'exam-entries', depth: 0, limit: 0, pagination: false, sort: 'id', overrideAccess: true })
  return JSON.stringify(docs)
}

async function enroll(student: number, cls: number) {
  await app.payload.create({ collection: 'enrollments', data: { student, class: cls, enrollmentDate: addDays(todayIso(), -30) }, overrideAccess: true })
}

function sessionBody() {
  return {
    syllabus: 'RAD',
    venue: 'Main studio',
    date: addDays(todayIso(), 40),
    entryDeadline: addDays(todayIso(), 10),
    fees: [
      { levelId: grade3, feeCents: 6500 },
      { levelId: grade4, feeCents: 7200 },
    ],
  }
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  family = await createFamily(app, 'exam-family')
  otherFamily = await createFamily(app, 'exam-other')
  teacher = await createTeacher('exam-teacher')
  otherTeacher = await createTeacher('exam-teacher-b')
  const levels = (await visitor.get('/api/levels')).body as Array<{ id: number; name: string }>
  grade3 = levels.find((l) => l.name === 'Grade 3')!.id
  grade4 = levels.find((l) => l.name === 'Grade 4')!.id
  const classA = await addClass(app, { name: 'Exam Grade 3' })
  const classB = await addClass(app, { name: 'Exam Other' })
  await app.payload.update({ collection: 'classes', id: classA.id, data: { teacher: teacher.userId }, overrideAccess: true })
  await app.payload.update({ collection: 'classes', id: classB.id, data: { teacher: otherTeacher.userId }, overrideAccess: true })
  mia = await addStudent(app, family.userId, 'Mia Exam', 9)
  otherChild = await addStudent(app, otherFamily.userId, 'Olga Exam', 9)
  await enroll(mia, classA.id)
  await enroll(otherChild, classB.id)
  const username = uniqueName('exam-viewer').replace(/_/g, '-').toLowerCase().slice(0, 40)
  await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: {
      username,
      email: `${username}@example.com`,
      fullName: 'Viewer',
      password: 'a-long-test-password',
      household: family.userId,
      guardianAccess: 'view',
    },
  })
  viewer = await new ApiClient(app.url).login(username, 'a-long-test-password')
})

afterAll(async () => {
  await app?.close()
})

describe('exam sessions', () => {
  it('an administrator creates one; bad input is 400 and creates nothing; nobody else may', async () => {
    const body = sessionBody()
    const before = await app.payload.count({ collection: 'exam-sessions', overrideAccess: true })
    for (const [bad, message] of [
      [{ ...body, syllabus: '' }, EXAM_MESSAGES.syllabus],
      [{ ...body, entryDeadline: addDays(todayIso(), 50) }, EXAM_MESSAGES.deadlineAfterExam],
      [{ ...body, fees: [] }, EXAM_MESSAGES.fees],
      [{ ...body, fees: [{ levelId: grade3, feeCents: -1 }] }, EXAM_MESSAGES.fee],
      [{ ...body, fees: [{ levelId: 999_999, feeCents: 100 }] }, EXAM_MESSAGES.id],
    ] as const) {
      const res = await admin.post('/api/admin/exam-sessions', bad)
      expect([res.status, res.body.message]).toEqual([400, message])
    }
    expect(await app.payload.count({ collection: 'exam-sessions', overrideAccess: true })).toEqual(before)
    expect((await visitor.post('/api/admin/exam-sessions', body)).status).toBe(401)
    expect((await family.client.post('/api/admin/exam-sessions', body)).status).toBe(403)
    expect((await teacher.client.post('/api/admin/exam-sessions', body)).status).toBe(403)
    const res = await admin.post('/api/admin/exam-sessions', body)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ syllabus: 'RAD', closed: false, fees: [{ levelName: 'Grade 3', feeCents: 6500 }, { levelName: 'Grade 4' }] })
    session = res.body
    closedSession = (await admin.post('/api/admin/exam-sessions', { ...body, entryDeadline: addDays(todayIso(), -1) })).body
  })
})

describe('a teacher proposes, an administrator confirms, the family accepts', () => {
  it('a teacher sees only the students of their classes and may propose only them', async () => {
    const own = await teacher.client.get('/api/teach/exams')
    expect(own.status).toBe(200)
    expect(own.body.students.map((s: { name: string }) => s.name)).toEqual(['Mia Exam'])
    expect(own.body.sessions.map((s: { id: number }) => s.id)).toContain(session.id)
    const before = await entryRows()
    const other = await teacher.client.post('/api/teach/exam-entries', { sessionId: session.id, studentId: otherChild, levelId: grade3 })
    expect([other.status, other.body.message]).toEqual([404, EXAM_MESSAGES.studentNotFound])
    const bad = await teacher.client.post('/api/teach/exam-entries', { sessionId: session.id, studentId: mia, levelId: 'x' })
    expect([bad.status, bad.body.message]).toEqual([400, EXAM_MESSAGES.id])
    // An id past PostgreSQL's integer column is bad input, never a failed query.
    const huge = await teacher.client.post('/api/teach/exam-entries', { sessionId: session.id, studentId: 1e15, levelId: grade3 })
    expect([huge.status, huge.body.message]).toEqual([400, EXAM_MESSAGES.id])
    const notOffered = await teacher.client.post('/api/teach/exam-entries', { sessionId: session.id, studentId: mia, levelId: 999_999 })
    expect([notOffered.status, notOffered.body.message]).toEqual([400, EXAM_MESSAGES.gradeNotOffered])
    const late = await teacher.client.post('/api/teach/exam-entries', { sessionId: closedSession.id, studentId: mia, levelId: grade3 })
    expect([late.status, late.body.message]).toEqual([409, deadlinePassedMessage(addDays(todayIso(), -1))])
    expect((await family.client.post('/api/teach/exam-entries', { sessionId: session.id, studentId: mia, levelId: grade3 })).status).toBe(403)
    expect(await entryRows()).toEqual(before)
  })

  it('the proposal, then the confirmation, then the household’s answer', async () => {
    const proposed = await teacher.client.post('/api/teach/exam-entries', { sessionId: session.id, studentId: mia, levelId: grade3 })
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200)
    expect(proposed.body).toMatchObject({ status: 'proposed', studentName: 'Mia Exam', levelName: 'Grade 3', feeCents: 6500, result: null })
    const again = await teacher.client.post('/api/teach/exam-entries', { sessionId: session.id, studentId: mia, levelId: grade3 })
    expect([again.status, again.body.message]).toEqual([409, EXAM_MESSAGES.alreadyEntered])
    const id = proposed.body.id as number
    // A proposal is not the family's yet.
    expect((await family.client.get('/api/exam-entries')).body).toEqual([])
    expect((await family.client.post(`/api/exam-entries/${id}/accept`)).status).toBe(404)
    expect((await family.client.post(`/api/admin/exam-entries/${id}/confirm`)).status).toBe(403)
    expect((await teacher.client.post(`/api/admin/exam-entries/${id}/confirm`)).status).toBe(403)
    const confirmed = await admin.post(`/api/admin/exam-entries/${id}/confirm`)
    expect([confirmed.status, confirmed.body.status]).toEqual([200, 'confirmed'])
    expect((await admin.post(`/api/admin/exam-entries/${id}/confirm`)).status).toBe(409)
    // The household sees it with its fee; another household, a view-only guardian may not answer.
    const seen = await family.client.get('/api/exam-entries')
    expect(seen.body).toMatchObject([{ id, status: 'confirmed', feeCents: 6500, session: { syllabus: 'RAD' } }])
    expect((await viewer.get('/api/exam-entries')).body).toHaveLength(1)
    expect((await otherFamily.client.get('/api/exam-entries')).body).toEqual([])
    const other = await otherFamily.client.post(`/api/exam-entries/${id}/accept`)
    expect([other.status, other.body.message]).toEqual([404, EXAM_MESSAGES.entryNotFound])
    expect((await viewer.post(`/api/exam-entries/${id}/accept`)).status).toBe(403)
    expect((await teacher.client.post(`/api/exam-entries/${id}/accept`)).status).toBe(404)
    const accepted = await family.client.post(`/api/exam-entries/${id}/accept`)
    expect([accepted.status, accepted.body.status, accepted.body.invoiceId]).toEqual([200, 'accepted', null])
    expect((await family.client.post(`/api/exam-entries/${id}/decline`)).status).toBe(409)
  })

  it('after the entry deadline the family can no longer accept (409 with the reason)', async () => {
    const fresh = await addStudent(app, family.userId, 'Nina Exam', 9)
    const entry = await app.payload.create({
      collection: 'exam-entries',
      overrideAccess: true,
      data: { session: closedSession.id, student: fresh, level: grade3, household: family.userId, status: 'confirmed', feeCents: 6500 },
    })
    const res = await family.client.post(`/api/exam-entries/${entry.id}/accept`)
    expect([res.status, res.body.message]).toEqual([409, deadlinePassedMessage(addDays(todayIso(), -1))])
    const confirm = await admin.post(`/api/admin/exam-entries/${entry.id}/decline`)
    expect(confirm.body.status).toBe('declined-by-studio')
  })
})

describe('results', () => {
  it('reach the family only once recorded; only administrators record them', async () => {
    const [entry] = (await family.client.get('/api/exam-entries')).body as Array<{ id: number; result: unknown }>
    expect(entry!.result).toBeNull()
    expect((await family.client.get(`/api/students/${mia}/exam-results`)).body).toEqual([])
    const bad = await admin.put(`/api/admin/exam-entries/${entry!.id}/result`, { mark: 101, grade: 'merit' })
    expect([bad.status, bad.body.message]).toEqual([400, EXAM_MESSAGES.mark])
    const badGrade = await admin.put(`/api/admin/exam-entries/${entry!.id}/result`, { mark: 80, grade: 'gold' })
    expect([badGrade.status, badGrade.body.message]).toEqual([400, EXAM_MESSAGES.grade])
    expect((await family.client.put(`/api/admin/exam-entries/${entry!.id}/result`, { mark: 90, grade: 'distinction' })).status).toBe(403)
    const res = await admin.put(`/api/admin/exam-entries/${entry!.id}/result`, { mark: 78, grade: 'merit' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect((await family.client.get('/api/exam-entries')).body[0].result).toEqual({ mark: 78, grade: 'merit', gradeLabel: 'Merit' })
    expect((await family.client.get(`/api/students/${mia}/exam-results`)).body).toMatchObject([
      { mark: 78, gradeLabel: 'Merit', levelName: 'Grade 3', syllabus: 'RAD' },
    ])
    expect((await otherFamily.client.get(`/api/students/${mia}/exam-results`)).status).toBe(404)
  })
})

describe('deleting', () => {
  it('a student or a session takes its entries with it (an entry names both, required)', async () => {
    const own = (await admin.post('/api/admin/exam-sessions', sessionBody())).body as { id: number }
    const leaving = await createFamily(app, 'exam-leaving')
    const child = await addStudent(app, leaving.userId, 'Lea Exam', 9)
    const data = { session: own.id, student: child, level: grade3, household: leaving.userId, status: 'confirmed' as const, feeCents: 6500 }
    const entry = await app.payload.create({ collection: 'exam-entries', overrideAccess: true, data })
    // The account goes with its students (decisions §2), and so their entries.
    await app.payload.delete({ collection: 'users', id: leaving.userId, overrideAccess: true })
    expect(await app.payload.count({ collection: 'exam-entries', where: { id: { equals: entry.id } }, overrideAccess: true })).toEqual({ totalDocs: 0 })

    const gone = (await admin.post('/api/admin/exam-sessions', { ...sessionBody(), syllabus: 'ISTD' })).body as { id: number }
    const other = await app.payload.create({
      collection: 'exam-entries',
      overrideAccess: true,
      data: { ...data, session: gone.id, student: mia, household: family.userId },
    })
    await app.payload.delete({ collection: 'exam-sessions', id: gone.id, overrideAccess: true })
    expect(await app.payload.count({ collection: 'exam-entries', where: { id: { equals: other.id } }, overrideAccess: true })).toEqual({ totalDocs: 0 })
  })
})
