import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ClassDto } from '#api/classes/schemas'
import type { StudentDto } from '#api/students/schemas'
import type { StudentPageDto } from '#api/students/student-list.schemas'
import { startTestApp, ADMIN, FAMILY, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { CONSOLE_SCALE, removeConsoleScale, scaleHousehold, seedConsoleScale } from '#tests/support/console-scale'

/*
 * The Students tab at real size (issue 23): GET /api/students takes optional search, filter and
 * paging parameters for an administrator, and answers as spec §7 says without them.
 */

const PREFIX = 'stulist'
const STUDENTS = CONSOLE_SCALE.households * CONSOLE_SCALE.studentsPerHousehold

let app: TestApp
let db: pg.Client
let admin: ApiClient
let family: ApiClient
let visitor: ApiClient
let accountIds: number[]

beforeAll(async () => {
  app = await startTestApp()
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  await removeConsoleScale(db, PREFIX)
  accountIds = await seedConsoleScale(db, PREFIX)
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
  visitor = new ApiClient(app.url)
}, 60_000)
afterAll(async () => {
  if (db) {
    await db.query(`DELETE FROM enrollments WHERE student_id IN (SELECT id FROM students WHERE full_name LIKE $1)`, [`% ${PREFIX}-%`])
    await removeConsoleScale(db, PREFIX)
    await db.end()
  }
  await app?.close()
})

describe('GET /api/students with its optional parameters', () => {
  it('answers the plain array without parameters, as the spec says: every student for an administrator, its own for a family', async () => {
    const all = await admin.get<StudentDto[]>('/api/students')
    expect(all.status).toBe(200)
    expect(Array.isArray(all.body)).toBe(true)
    expect(all.body.length).toBeGreaterThanOrEqual(STUDENTS)
    const own = await family.get<StudentDto[]>('/api/students')
    expect(own.status).toBe(200)
    expect(Array.isArray(own.body)).toBe(true)
    expect(own.body.every((student) => !student.fullName.includes(PREFIX))).toBe(true)
  })

  it("finds a student by its name, or by the family's name or email, with its account", async () => {
    const household = scaleHousehold(PREFIX, 42)
    const byName = await admin.get<StudentPageDto>(`/api/students?q=${encodeURIComponent(household.children[0]!.toUpperCase())}`)
    expect(byName.status).toBe(200)
    expect(byName.body).toMatchObject({ total: 1, page: 1, pageSize: 20, pageCount: 1 })
    expect(byName.body.items[0]).toMatchObject({
      fullName: household.children[0],
      account: { fullName: household.fullName, username: household.username, email: household.email },
      classCount: 0,
    })
    for (const q of [household.fullName, household.email]) {
      const res = await admin.get<StudentPageDto>(`/api/students?q=${encodeURIComponent(q)}`)
      expect(res.body.items.map((student) => student.fullName)).toEqual([...household.children].sort())
    }
  })

  it('filters by account and by class', async () => {
    const household = scaleHousehold(PREFIX, 7)
    const ofAccount = await admin.get<StudentPageDto>(`/api/students?userId=${accountIds[6]}`)
    expect(ofAccount.body.items.map((student) => student.fullName)).toEqual([...household.children].sort())

    const classes = await admin.get<ClassDto[]>('/api/classes')
    const cls = classes.body[0]!
    const student = ofAccount.body.items[0]!
    const enrolled = await admin.post('/api/enrollments', { studentId: student.id, classId: cls.id })
    expect(enrolled.status).toBe(201)
    const inClass = await admin.get<StudentPageDto>(`/api/students?classId=${cls.id}&q=${PREFIX}-`)
    expect(inClass.body.items.map((row) => [row.id, row.classCount])).toEqual([[student.id, 1]])
    const both = await admin.get<StudentPageDto>(`/api/students?classId=${cls.id}&userId=${accountIds[0]}`)
    expect(both.body).toMatchObject({ items: [], total: 0, pageCount: 1 })
  })

  it('pages 300 students by name without repeating one', async () => {
    const seen = new Set<number>()
    let pageCount = 1
    for (let page = 1; page <= pageCount; page++) {
      const res = await admin.get<StudentPageDto>(`/api/students?q=${PREFIX}-&page=${page}&pageSize=100`)
      expect(res.status).toBe(200)
      expect(res.body.total).toBe(STUDENTS)
      pageCount = res.body.pageCount
      for (const row of res.body.items) seen.add(row.id)
    }
    expect(pageCount).toBe(3)
    expect(seen.size).toBe(STUDENTS)
    const first = await admin.get<StudentPageDto>(`/api/students?q=${PREFIX}-&pageSize=10`)
    const names = first.body.items.map((row) => row.fullName)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
  })

  it('refuses bad parameters with 400 and a message', async () => {
    for (const query of ['page=0', 'page=1.5', 'pageSize=101', 'userId=abc', 'classId=-3', `q=${'z'.repeat(101)}`]) {
      const res = await admin.get(`/api/students?${query}`)
      expect(res.status, query).toBe(400)
      expect(typeof res.body.message, query).toBe('string')
    }
  })

  it('is for administrators only: 403 for a family, 401 signed out', async () => {
    const refused = await family.get(`/api/students?q=${PREFIX}`)
    expect(refused.status).toBe(403)
    expect(typeof refused.body.message).toBe('string')
    expect((await visitor.get(`/api/students?q=${PREFIX}`)).status).toBe(401)
    expect((await visitor.get('/api/students')).status).toBe(401)
  })
})
