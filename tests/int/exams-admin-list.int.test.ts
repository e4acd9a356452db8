import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { EXAM_LIST_MESSAGES } from '#api/exams/admin-list.schemas'
import type { ExamEntryStatus } from '#api/exams/schemas'
import { PAGING_MESSAGES } from '#api/lib/paging.schemas'
import { addDays, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addStudent, createFamily, createTeacher, type Family } from '#tests/support/families'

/**
 * The console's Exams tab at the size of a real studio (issue 27): GET /api/admin/exam-entries
 * answers one page of the entries that match its filters, counted on the server, so a season of
 * a few hundred candidates is never sent whole to a phone.
 */
let app: TestApp
let admin: ApiClient
let family: Family
let teacher: Family
let spring: number
let summer: number
let grade3: number

type Page = {
  sessionChoices: Array<{ id: number }>
  entries: { items: Array<{ id: number; studentName: string; status: string }>; total: number; page: number; pageCount: number }
}

async function list(query: string): Promise<Page> {
  const res = await admin.get(`/api/admin/exam-entries?${query}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as Page
}

async function session(days: number): Promise<number> {
  const body = {
    syllabus: 'RAD',
    venue: 'Main studio',
    date: addDays(todayIso(), days),
    entryDeadline: addDays(todayIso(), days - 20),
    fees: [{ levelId: grade3, feeCents: 6500 }],
  }
  const res = await admin.post('/api/admin/exam-sessions', body)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.id as number
}

async function entry(sessionId: number, name: string, status: ExamEntryStatus, graded = false): Promise<number> {
  const student = await addStudent(app, family.userId, name, 9)
  const doc = await app.payload.create({
    collection: 'exam-entries',
    overrideAccess: true,
    data: { session: sessionId, student, level: grade3, household: family.userId, status, feeCents: 6500, ...(graded ? { mark: 80, grade: 'merit' } : {}) },
  })
  return doc.id as number
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'exam-list-family')
  teacher = await createTeacher(app, 'exam-list-teacher')
  grade3 = ((await admin.get('/api/levels')).body as Array<{ id: number; name: string }>).find((l) => l.name === 'Grade 3')!.id
  spring = await session(60)
  summer = await session(120)
  // 45 candidates in the spring session, 5 in the summer one, in every state.
  const states: Array<[ExamEntryStatus, boolean]> = [
    ['proposed', false],
    ['confirmed', false],
    ['accepted', false],
    ['accepted', true],
    ['withdrawn', false],
  ]
  for (let i = 0; i < 45; i++) await entry(spring, `Spring Dancer ${String(i).padStart(2, '0')}`, ...states[i % 5]!)
  for (let i = 0; i < 5; i++) await entry(summer, `Summer Dancer ${i}`, ...states[i]!)
})

afterAll(async () => {
  await app?.close()
})

describe('GET /api/admin/exam-entries', () => {
  it('answers one page of every entry, newest first, with every session to choose from', async () => {
    const first = await list('pageSize=20')
    expect(first.entries).toMatchObject({ total: 50, page: 1, pageCount: 3 })
    expect(first.entries.items).toHaveLength(20)
    expect(first.entries.items[0]!.studentName).toBe('Summer Dancer 4')
    expect(first.sessionChoices.map((s) => s.id)).toEqual([spring, summer])
    const last = await list('pageSize=20&page=3')
    expect(last.entries.items).toHaveLength(10)
    expect(last.entries.items.at(-1)!.studentName).toBe('Spring Dancer 00')
    const seen = new Set([...first.entries.items, ...(await list('pageSize=20&page=2')).entries.items, ...last.entries.items].map((e) => e.id))
    expect(seen.size).toBe(50)
    // A page past the end answers the last page there is.
    expect((await list('pageSize=20&page=9')).entries).toMatchObject({ page: 3, pageCount: 3 })
  })

  it('filters by session, by status, by what waits for the studio and by the student’s name, counted on the server', async () => {
    expect((await list(`sessionId=${summer}`)).entries.total).toBe(5)
    expect((await list(`sessionId=${spring}&status=withdrawn`)).entries.total).toBe(9)
    // Waiting for the studio: a proposal, or an accepted entry without its result.
    const toDo = await list(`status=to-do&pageSize=100`)
    expect(toDo.entries.total).toBe(20)
    expect(new Set(toDo.entries.items.map((e) => e.status))).toEqual(new Set(['proposed', 'accepted']))
    const named = await list(`q=${encodeURIComponent('spring dancer 1')}`)
    expect(named.entries.items.map((e) => e.studentName).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Spring Dancer 1${i}`))
    expect((await list(`q=nobody-of-that-name`)).entries).toMatchObject({ total: 0, page: 1, pageCount: 1, items: [] })
  })

  it('refuses a bad filter with its message, and anyone but an administrator', async () => {
    for (const [query, message] of [
      ['status=gold', EXAM_LIST_MESSAGES.status],
      ['sessionId=x', EXAM_LIST_MESSAGES.sessionId],
      ['pageSize=101', PAGING_MESSAGES.pageSize],
      ['page=0', PAGING_MESSAGES.page],
      [`q=${'a'.repeat(101)}`, PAGING_MESSAGES.search],
    ] as const) {
      const res = await admin.get(`/api/admin/exam-entries?${query}`)
      expect([res.status, res.body.message], query).toEqual([400, message])
    }
    expect((await new ApiClient(app.url).get('/api/admin/exam-entries')).status).toBe(401)
    expect((await family.client.get('/api/admin/exam-entries')).status).toBe(403)
    expect((await teacher.client.get('/api/admin/exam-entries')).status).toBe(403)
  })
})
