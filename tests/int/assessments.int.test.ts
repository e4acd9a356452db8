import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ASSESSMENT_MESSAGES, noLevelMessage, unresolvedConflictsMessage } from '#api/levels/assessment.schemas'
import { LEVEL_MESSAGES, notPlacedAtLevelMessage } from '#api/levels/schemas'
import { addDays, formatCalendarDay, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { cmsRest, sessionCookie } from '#tests/support/cms-rest'
import { addClass, addStudent, createFamily, createTeacher, type Family } from '#tests/support/families'
import { pdfText } from '#tests/support/pdf'

/**
 * Assessments (issue 27): a teacher scores the students of their own class (another teacher's is
 * 404), marks replayed late from a phone keep their own time, two assessors of the same skill are
 * both kept until an administrator chooses, and nothing reaches a family before publication —
 * neither through the contract nor through /cms-api.
 */
let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let family: Family
let otherFamily: Family
let teacher: Family
let otherTeacher: Family
let grade3: number
let grade4: number
let skills: Array<{ id: string; section: string; skill: string }>
let classA: { id: number; name: string }
let classB: { id: number; name: string }
let mia: number
let windowId: number
let grade4Class: { id: number; name: string }

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

async function downloadPdf(account: Family, path: string): Promise<{ status: number; bytes: Uint8Array; type: string | null }> {
  const response = await fetch(`${app.url}${path}`, { headers: { origin: app.url, cookie: account.client.sessionCookie } })
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()), type: response.headers.get('content-type') }
}

/** An accepted exam entry of this student with its result recorded (the exams slice's own flow is tests/int/exams.int.test.ts). */
async function recordExamResult(student: number, level: number): Promise<void> {
  const session = await app.payload.create({
    collection: 'exam-sessions',
    overrideAccess: true,
    data: { syllabus: 'RAD', venue: 'Main studio', date: addDays(todayIso(), -3), entryDeadline: addDays(todayIso(), -20), fees: [{ level, feeCents: 6500 }] },
  })
  await app.payload.create({
    collection: 'exam-entries',
    overrideAccess: true,
    data: { session: session.id, student, level, household: family.userId, status: 'accepted', feeCents: 6500, mark: 78, grade: 'merit' },
  })
}

async function marks(): Promise<string> {
  const { docs } = await app.payload.find({ collection: 'assessment-marks', depth: 0, limit: 0, pagination: false, sort: 'id', overrideAccess: true })
  return JSON.stringify(docs)
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  family = await createFamily(app, 'assess-family')
  otherFamily = await createFamily(app, 'assess-other')
  teacher = await createTeacher(app, 'assess-teacher')
  otherTeacher = await createTeacher(app, 'assess-teacher-b')
  const levels = (await visitor.get('/api/levels')).body as Array<{ id: number; name: string; skills: typeof skills }>
  const g3 = levels.find((l) => l.name === 'Grade 3')!
  grade3 = g3.id
  grade4 = levels.find((l) => l.name === 'Grade 4')!.id
  skills = g3.skills
  classA = await addClass(app, { name: 'Assess Grade 3' })
  classB = await addClass(app, { name: 'Assess Other' })
  await app.payload.update({ collection: 'classes', id: classA.id, data: { teacher: teacher.userId, syllabusLevel: grade3 }, overrideAccess: true })
  await app.payload.update({ collection: 'classes', id: classB.id, data: { teacher: otherTeacher.userId }, overrideAccess: true })
  grade4Class = await addClass(app, { name: 'Assess Grade 4' })
  await app.payload.update({ collection: 'classes', id: grade4Class.id, data: { syllabusLevel: grade4 }, overrideAccess: true })
  mia = await addStudent(app, family.userId, 'Mia Assess', 7)
  await app.payload.update({ collection: 'students', id: mia, data: { currentLevel: grade3 }, overrideAccess: true })
  for (const cls of [classA, classB]) {
    await app.payload.create({
      collection: 'enrollments',
      data: { student: mia, class: cls.id, enrollmentDate: addDays(todayIso(), -30) },
      overrideAccess: true,
    })
  }
})

afterAll(async () => {
  await app?.close()
})

describe('an administrator opens an assessment window', () => {
  it('for some classes, with the default 1–4 scale; bad input is 400 and creates nothing; only administrators', async () => {
    const body = { name: 'Spring assessment', opensOn: addDays(todayIso(), -1), closesOn: addDays(todayIso(), 7), classIds: [classA.id, classB.id] }
    for (const [bad, message] of [
      [{ ...body, name: '' }, ASSESSMENT_MESSAGES.nameRequired],
      [{ ...body, closesOn: addDays(todayIso(), -2) }, ASSESSMENT_MESSAGES.closesBeforeOpens],
      [{ ...body, classIds: [] }, ASSESSMENT_MESSAGES.classesRequired],
    ] as const) {
      const res = await admin.post('/api/admin/assessment-windows', bad)
      expect([res.status, res.body.message]).toEqual([400, message])
    }
    expect((await admin.post('/api/admin/assessment-windows', { ...body, classIds: [999999] })).status).toBe(404)
    expect((await teacher.client.post('/api/admin/assessment-windows', body)).status).toBe(403)
    expect((await visitor.post('/api/admin/assessment-windows', body)).status).toBe(401)
    expect((await app.payload.count({ collection: 'assessment-windows', overrideAccess: true })).totalDocs).toBe(0)

    // Assess Other has no syllabus level: the administrator is told so, and confirms.
    const told = await admin.post('/api/admin/assessment-windows', body)
    expect([told.status, told.body.message, told.body.errors]).toEqual([
      409,
      noLevelMessage(['Assess Other']),
      [{ path: 'confirmNoLevel', message: noLevelMessage(['Assess Other']) }],
    ])
    expect((await admin.post('/api/admin/assessment-windows', { ...body, confirmNoLevel: 'yes' })).status).toBe(400)
    expect((await app.payload.count({ collection: 'assessment-windows', overrideAccess: true })).totalDocs).toBe(0)

    const res = await admin.post('/api/admin/assessment-windows', { ...body, confirmNoLevel: true })
    expect(res.status).toBe(201)
    windowId = res.body.id
    const teach = await teacher.client.get('/api/teach/assessments')
    expect(teach.body).toEqual([{ id: windowId, name: 'Spring assessment', opensOn: body.opensOn, closesOn: body.closesOn, classes: [classA] }])
  })
})

describe('an administrator changes a window until it is published', () => {
  it('its name, days and classes; a class of no level confirmed again; bad input, an unknown window and other callers change nothing', async () => {
    const opensOn = addDays(todayIso(), -2)
    const closesOn = addDays(todayIso(), 10)
    const body = { name: 'Spring assessment (week 2)', opensOn, closesOn, classIds: [classA.id, classB.id, grade4Class.id] }
    const path = `/api/admin/assessment-windows/${windowId}`
    const stored = async () => {
      const doc = await app.payload.findByID({ collection: 'assessment-windows', id: windowId, depth: 0, overrideAccess: true })
      return { name: doc.name, opensOn: doc.opensOn, closesOn: doc.closesOn, classes: doc.classes, scale: doc.scale?.map((s) => s.label) }
    }
    const before = await stored()
    const confirmed = { ...body, confirmNoLevel: true }
    const refusals: Array<[{ status: number }, number]> = [
      [await admin.put(path, { ...body, name: '' }), 400],
      [await admin.put(path, { ...body, closesOn: addDays(opensOn, -1) }), 400],
      [await admin.put(path, body), 409],
      [await admin.put('/api/admin/assessment-windows/999999', confirmed), 404],
      [await teacher.client.put(path, confirmed), 403],
      [await family.client.put(path, confirmed), 403],
      [await visitor.put(path, confirmed), 401],
    ]
    expect(refusals.map(([res]) => res.status)).toEqual(refusals.map(([, status]) => status))
    expect((await admin.put(path, body)).body.message).toBe(noLevelMessage(['Assess Other']))
    expect(await stored()).toEqual(before)

    const changed = await admin.put(path, confirmed)
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({
      id: windowId,
      name: body.name,
      opensOn,
      closesOn,
      classes: [classA, { id: grade4Class.id, name: 'Assess Grade 4' }, classB],
    })
    // The scale set when it was opened stays: the form does not send one.
    expect(await stored()).toEqual({ ...before, name: body.name, opensOn, closesOn, classes: body.classIds })
    // Back as it was, for the marks below; Grade 4's class had none, so it may leave.
    const back = await admin.put(path, {
      name: 'Spring assessment',
      opensOn: before.opensOn,
      closesOn: before.closesOn,
      classIds: [classA.id, classB.id],
      confirmNoLevel: true,
    })
    expect(back.status).toBe(200)
  })
})

describe('a teacher scores their own class', () => {
  it('reads the sheet: the students, the skills of the class’s level and the scale', async () => {
    const sheet = await teacher.client.get(`/api/teach/assessments/${windowId}/classes/${classA.id}`)
    expect(sheet.status).toBe(200)
    expect(sheet.body.window.scale.map((s: { label: string }) => s.label)).toEqual(['Emerging', 'Developing', 'Secure', 'Excellent'])
    expect(sheet.body.students).toEqual([{ studentId: mia, fullName: 'Mia Assess', level: { id: grade3, name: 'Grade 3' }, skills, marks: [] }])
  })

  it('is refused another teacher’s class (404) and bad marks (400), changing nothing', async () => {
    const before = await marks()
    const mark = { windowId, classId: classB.id, studentId: mia, item: skills[0]!.id, score: 3, markedAt: minutesAgo(1) }
    for (const res of [
      await teacher.client.get(`/api/teach/assessments/${windowId}/classes/${classB.id}`),
      await teacher.client.put('/api/teach/assessment-marks', mark),
    ]) {
      expect([res.status, res.body.message]).toEqual([404, 'Class not found'])
    }
    const own = { ...mark, classId: classA.id }
    for (const [body, message] of [
      [{ ...own, score: 7 }, ASSESSMENT_MESSAGES.scoreInvalid],
      [{ ...own, item: 'no-such-skill' }, ASSESSMENT_MESSAGES.itemInvalid],
      [{ ...own, item: 'recommendation', recommendation: 'move-to' }, ASSESSMENT_MESSAGES.levelRequired],
      [{ ...own, markedAt: new Date(Date.now() + 3_600_000).toISOString() }, ASSESSMENT_MESSAGES.markedAtInvalid],
      [{ ...own, markedAt: 'yesterday' }, ASSESSMENT_MESSAGES.markedAtInvalid],
    ] as const) {
      const res = await teacher.client.put('/api/teach/assessment-marks', body)
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message])
    }
    expect((await teacher.client.put('/api/teach/assessment-marks', { ...own, studentId: 999999 })).status).toBe(404)
    expect((await family.client.put('/api/teach/assessment-marks', own)).status).toBe(403)
    expect((await visitor.put('/api/teach/assessment-marks', own)).status).toBe(401)
    expect(await marks()).toBe(before)
  })

  it('keeps a mark replayed late with its own time, keeps both when two assessors disagree, and refuses to publish until one is chosen', async () => {
    const skill = skills[0]!.id
    const base = { windowId, classId: classA.id, studentId: mia }
    // The teacher's phone, offline in the studio, queued 2 at T-30 and 3 at T-20 for the first skill.
    const queued = [
      { ...base, item: skill, score: 2, markedAt: minutesAgo(30) },
      { ...base, item: skill, score: 3, markedAt: minutesAgo(20) },
    ]
    // Meanwhile the head of school (an administrator, who may assess any class) scored the same skill 4 at T-10.
    const head = await admin.put('/api/teach/assessment-marks', { ...base, item: skill, score: 4, markedAt: minutesAgo(10) })
    expect([head.status, head.body.conflict]).toEqual([200, false])
    // The phone is back: it replays its queue, the newer mark first and a retried older one after it.
    const replayed = await teacher.client.put('/api/teach/assessment-marks', queued[1])
    expect(replayed.body).toMatchObject({ mark: { score: 3, markedAt: queued[1]!.markedAt }, conflict: true })
    const stale = await teacher.client.put('/api/teach/assessment-marks', queued[0])
    expect(stale.body).toMatchObject({ mark: { score: 3, markedAt: queued[1]!.markedAt }, conflict: true })
    await teacher.client.put('/api/teach/assessment-marks', { ...base, item: skills[1]!.id, score: 3, markedAt: minutesAgo(5) })
    await teacher.client.put('/api/teach/assessment-marks', {
      ...base,
      item: 'comment',
      comment: 'Lovely port de bras. Rất tốt, Łucja – 很好！',
      markedAt: minutesAgo(4),
    })
    await teacher.client.put('/api/teach/assessment-marks', {
      ...base,
      item: 'recommendation',
      recommendation: 'move-to',
      recommendedLevelId: grade4,
      markedAt: minutesAgo(3),
    })

    const review = await admin.get(`/api/admin/assessment-windows/${windowId}/review`)
    expect(review.body.conflicts).toBe(1)
    const item = review.body.students[0].items.find((i: { item: string }) => i.item === skill)
    expect(item.conflict).toBe(true)
    expect(item.marks.map((m: { score: number; markedAt: string; teacherName: string }) => [m.score, m.markedAt, m.teacherName])).toEqual([
      [3, queued[1]!.markedAt, 'assess-teacher parent'],
      [4, expect.any(String), expect.any(String)],
    ])
    const refused = await admin.post(`/api/admin/assessment-windows/${windowId}/publish`)
    expect([refused.status, refused.body.message]).toEqual([409, unresolvedConflictsMessage(1)])
    expect((await teacher.client.get(`/api/admin/assessment-windows/${windowId}/review`)).status).toBe(403)

    const teacherMark = item.marks.find((m: { score: number }) => m.score === 3)
    expect((await admin.post(`/api/admin/assessment-marks/${teacherMark.id}/choose`)).body).toMatchObject({ id: teacherMark.id, chosen: true })
    expect((await admin.get(`/api/admin/assessment-windows/${windowId}/review`)).body.conflicts).toBe(0)

    // A class whose students were marked stays in the window.
    const dropped = await admin.put(`/api/admin/assessment-windows/${windowId}`, { ...(await windowInput()), classIds: [classB.id], confirmNoLevel: true })
    expect([dropped.status, dropped.body.message]).toEqual([409, ASSESSMENT_MESSAGES.classHasMarks])
  })
})

/** The stored window as the form would send it back. */
async function windowInput() {
  const doc = await app.payload.findByID({ collection: 'assessment-windows', id: windowId, depth: 0, overrideAccess: true })
  return { name: doc.name, opensOn: doc.opensOn, closesOn: doc.closesOn, classIds: (doc.classes ?? []) as number[] }
}

describe('report cards', () => {
  it('show nothing of an unpublished assessment to a family, through the contract or /cms-api', async () => {
    expect((await family.client.get(`/api/students/${mia}/report-cards`)).body).toEqual([])
    expect((await family.client.get(`/api/students/${mia}/report-cards/${windowId}/pdf`)).status).toBe(404)
    const cookie = await sessionCookie(app, family.username, 'a-long-test-password')
    for (const path of ['/assessment-marks', '/assessment-windows', `/assessment-windows/${windowId}`]) {
      const res = await cmsRest(app, 'GET', path, { cookie })
      expect([401, 403]).toContain(res.status)
    }
    // An unpublished recommendation opens no class and places nobody.
    const refused = await family.client.post('/api/enrollments', { studentId: mia, classId: grade4Class.id })
    expect([refused.status, refused.body.message]).toEqual([400, notPlacedAtLevelMessage('Mia Assess', 'Assess Grade 4', 'Grade 4')])
    const place = await admin.post(`/api/admin/assessment-windows/${windowId}/place`)
    expect([place.status, place.body.message]).toEqual([409, LEVEL_MESSAGES.placeUnpublished])
  })

  it('after publication show the family the report card (another family 404), still nothing through /cms-api, and marks no longer change', async () => {
    const published = await admin.post(`/api/admin/assessment-windows/${windowId}/publish`)
    expect(published.status).toBe(200)
    const frozen = await admin.put(`/api/admin/assessment-windows/${windowId}`, {
      ...(await windowInput()),
      name: 'Renamed after publishing',
      confirmNoLevel: true,
    })
    expect([frozen.status, frozen.body.message]).toEqual([409, ASSESSMENT_MESSAGES.publishedCannotChange])
    const cards = await family.client.get(`/api/students/${mia}/report-cards`)
    expect(cards.body).toHaveLength(1)
    expect(cards.body[0]).toMatchObject({
      assessment: 'Spring assessment',
      student: 'Mia Assess',
      level: { id: grade3, name: 'Grade 3' },
      comment: 'Lovely port de bras. Rất tốt, Łucja – 很好！',
      recommendation: 'move-to',
      recommendedLevel: { id: grade4, name: 'Grade 4' },
    })
    expect(cards.body[0].skills[0]).toEqual({ section: skills[0]!.section, skill: skills[0]!.skill, score: 3, scoreLabel: 'Secure' })
    expect(cards.body[0].skills[2]).toMatchObject({ score: null, scoreLabel: null })
    expect((await otherFamily.client.get(`/api/students/${mia}/report-cards`)).status).toBe(404)
    // A recorded exam result of hers is printed on the card too (decisions §29).
    await recordExamResult(mia, grade3)
    const pdf = await downloadPdf(family, `/api/students/${mia}/report-cards/${windowId}/pdf`)
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf'])
    const text = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ')
    for (const words of [
      'Grace Ballet Academy',
      'Spring assessment: report card',
      'Teacher’s comment',
      'Lovely port de bras. Rất tốt, Łucja – 很好！',
      'Recommendation: Move to Grade 4',
      '3 · Secure',
      'Exam results',
      `RAD Grade 3, ${formatCalendarDay(addDays(todayIso(), -3))}: Merit, mark 78`,
    ]) {
      expect(text).toContain(words)
    }
    expect((await otherFamily.client.get(`/api/students/${mia}/report-cards/${windowId}/pdf`)).status).toBe(404)
    expect((await visitor.get(`/api/students/${mia}/report-cards`)).status).toBe(401)
    const cookie = await sessionCookie(app, family.username, 'a-long-test-password')
    expect([401, 403]).toContain((await cmsRest(app, 'GET', '/assessment-marks', { cookie })).status)

    // Published, the recommendation opens the Grade 4 class to her, and the office places her from it, once.
    expect((await family.client.get(`/api/students/${mia}/placement`)).body.recommendedLevels).toEqual([{ id: grade4, name: 'Grade 4' }])
    expect((await family.client.post('/api/enrollments', { studentId: mia, classId: grade4Class.id })).status).toBe(201)
    expect((await teacher.client.post(`/api/admin/assessment-windows/${windowId}/place`)).status).toBe(403)
    const placed = await admin.post(`/api/admin/assessment-windows/${windowId}/place`)
    expect(placed.body).toEqual({ message: '1 student placed from Spring assessment.', placed: [{ studentId: mia, fullName: 'Mia Assess', level: 'Grade 4' }] })
    expect((await admin.post(`/api/admin/assessment-windows/${windowId}/place`)).body.placed).toEqual([])
    expect((await family.client.get(`/api/students/${mia}/placement`)).body.currentLevel).toEqual({ id: grade4, name: 'Grade 4' })

    const late = await teacher.client.put('/api/teach/assessment-marks', {
      windowId,
      classId: classA.id,
      studentId: mia,
      item: skills[0]!.id,
      score: 1,
      markedAt: minutesAgo(1),
    })
    expect([late.status, late.body.message]).toEqual([409, ASSESSMENT_MESSAGES.published])
    expect((await teacher.client.get('/api/teach/assessments')).body).toEqual([])
  })
})
