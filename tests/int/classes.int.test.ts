import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, CLASS_FIELDS, createFamily, snapshot, type Family } from '#tests/support/families'

let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let family: ApiClient
let parent: Family

const newClass = (extra: Record<string, unknown> = {}) => ({
  ...CLASS_FIELDS,
  name: `Class ${Math.random().toString(36).slice(2, 8)}`,
  ageGroup: '9-12',
  ...extra,
})

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
  visitor = new ApiClient(app.url)
  parent = await createFamily(app, 'classes')
})
afterAll(async () => {
  await app?.close()
})

describe('GET /api/classes', () => {
  it('lists every class to anyone, as a plain array with prices in cents and enrollment counts', async () => {
    const res = await visitor.get('/api/classes')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(Array.isArray(res.body)).toBe(true)
    expect(res.body.length).toBeGreaterThanOrEqual(10)
    for (const cls of res.body) {
      expect(cls).toMatchObject({
        id: expect.any(Number),
        name: expect.any(String),
        ageGroup: expect.any(String),
        price: expect.any(Number),
        enrolledCount: expect.any(Number),
      })
      expect(Number.isInteger(cls.price)).toBe(true)
    }
  })

  it('filters exactly by age group, including the URL-encoded 18%2B', async () => {
    const adults = await visitor.get('/api/classes?ageGroup=18%2B')
    expect(adults.status).toBe(200)
    expect(adults.body.length).toBeGreaterThanOrEqual(2)
    expect(adults.body.every((c: { ageGroup: string }) => c.ageGroup === '18+')).toBe(true)
    const young = await visitor.get('/api/classes?ageGroup=3-5')
    expect(young.body.every((c: { ageGroup: string }) => c.ageGroup === '3-5')).toBe(true)
    expect((await visitor.get('/api/classes?ageGroup=99-99')).body).toEqual([])
  })

  it('refuses a malformed age group filter with 400', async () => {
    const res = await visitor.get('/api/classes?ageGroup=adults')
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Age group must look like "6-8" or "18+"')
  })

  it('shows a new enrollment and a removed one in enrolledCount at once', async () => {
    const cls = await addClass(app, { capacity: 3 })
    const student = await addStudent(app, parent.userId, 'Counted Dancer')
    const countOf = async () => (await visitor.get('/api/classes')).body.find((c: { id: number }) => c.id === cls.id)?.enrolledCount
    expect(await countOf()).toBe(0)
    const enrolled = await parent.client.post('/api/enrollments', { studentId: student, classId: cls.id })
    expect(enrolled.status).toBe(201)
    expect(await countOf()).toBe(1)
    expect((await parent.client.delete(`/api/enrollments/${enrolled.body.id}`)).status).toBe(200)
    expect(await countOf()).toBe(0)
  })
})

describe('POST /api/classes', () => {
  it('creates a class for an administrator and answers 201 with it', async () => {
    const input = newClass({ capacity: 8 })
    const res = await admin.post('/api/classes', input)
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ id: expect.any(Number), ...input, capacity: 8, enrolledCount: 0 })
    expect((await visitor.get('/api/classes?ageGroup=9-12')).body.map((c: { id: number }) => c.id)).toContain(res.body.id)
  })

  it('makes capacity optional (no limit)', async () => {
    const res = await admin.post('/api/classes', newClass())
    expect(res.status).toBe(201)
    expect(res.body.capacity).toBeNull()
  })

  it('answers every validation rule with its message and stores nothing', async () => {
    const before = await snapshot(app, ['classes'])
    const message = async (body: object) => {
      const res = await admin.post('/api/classes', body)
      expect(res.status).toBe(400)
      return res.body.message
    }
    expect(await message(newClass({ name: 'Ba' }))).toBe('Name must be at least 3 characters')
    expect(await message(newClass({ description: 'Too short' }))).toBe('Description must be at least 10 characters')
    expect(await message(newClass({ ageGroup: '' }))).toBe('Age group is required')
    expect(await message(newClass({ ageGroup: 'teens' }))).toBe('Age group must look like "6-8" or "18+"')
    expect(await message(newClass({ ageGroup: '12-9' }))).toBe('Age group must look like "6-8" or "18+"')
    for (const [field, label] of [
      ['level', 'Level'],
      ['days', 'Days'],
      ['time', 'Time'],
      ['location', 'Location'],
      ['instructor', 'Instructor'],
    ]) {
      expect(await message(newClass({ [field!]: ' ' }))).toBe(`${label} is required`)
    }
    expect(await message(newClass({ price: 0 }))).toBe('Price must be positive')
    expect(await message(newClass({ price: 65.5 }))).toBe('Price must be a whole number of cents')
    expect(await message(newClass({ price: '6500' }))).toBe('Price must be a number')
    expect(await message(newClass({ capacity: 0 }))).toBe('Capacity must be positive')
    expect(await snapshot(app, ['classes'])).toBe(before)
  })

  it('answers 403 to a family and 401 to a visitor, storing nothing', async () => {
    const before = await snapshot(app, ['classes'])
    const forbidden = await family.post('/api/classes', newClass())
    expect(forbidden.status).toBe(403)
    expect(forbidden.body.message).toBeTypeOf('string')
    expect((await visitor.post('/api/classes', newClass())).status).toBe(401)
    expect(await snapshot(app, ['classes'])).toBe(before)
  })
})

describe('PATCH /api/classes/{id}', () => {
  it('changes only the fields sent and answers the class', async () => {
    const cls = await addClass(app, { ageGroup: '13-17' })
    const res = await admin.patch(`/api/classes/${cls.id}`, { price: 7200, capacity: 10, time: '6:00-7:00pm' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: cls.id, name: cls.name, ageGroup: '13-17', price: 7200, capacity: 10, time: '6:00-7:00pm', enrolledCount: 0 })
    const listed = (await visitor.get('/api/classes')).body.find((c: { id: number }) => c.id === cls.id)
    expect(listed).toMatchObject({ price: 7200, capacity: 10 })
  })

  it('clears the capacity with null', async () => {
    const cls = await addClass(app, { capacity: 4 })
    const res = await admin.patch(`/api/classes/${cls.id}`, { capacity: null })
    expect(res.status).toBe(200)
    expect(res.body.capacity).toBeNull()
  })

  it('validates what it is sent and answers 404 for an unknown class', async () => {
    const cls = await addClass(app)
    const before = await snapshot(app, ['classes'])
    const bad = await admin.patch(`/api/classes/${cls.id}`, { price: -1 })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Price must be positive')
    expect((await admin.patch(`/api/classes/${cls.id}`, { ageGroup: '5' })).status).toBe(400)
    const missing = await admin.patch('/api/classes/987654', { price: 100 })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Class not found')
    expect(await snapshot(app, ['classes'])).toBe(before)
  })

  it('answers 403 to a family and 401 to a visitor, changing nothing', async () => {
    const cls = await addClass(app)
    const before = await snapshot(app, ['classes'])
    expect((await family.patch(`/api/classes/${cls.id}`, { price: 1 })).status).toBe(403)
    expect((await visitor.patch(`/api/classes/${cls.id}`, { price: 1 })).status).toBe(401)
    expect(await snapshot(app, ['classes'])).toBe(before)
  })
})

describe('DELETE /api/classes/{id}', () => {
  it('removes the class and every enrollment in it', async () => {
    const cls = await addClass(app)
    const other = await addClass(app)
    const s1 = await addStudent(app, parent.userId, 'Deleted Class One')
    const s2 = await addStudent(app, parent.userId, 'Deleted Class Two')
    for (const [student, classId] of [
      [s1, cls.id],
      [s2, cls.id],
      [s1, other.id],
    ] as const) {
      expect((await parent.client.post('/api/enrollments', { studentId: student, classId })).status).toBe(201)
    }
    const res = await admin.delete(`/api/classes/${cls.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ message: `${cls.name} has been deleted.`, removedEnrollments: 2 })
    expect(await app.payload.findByID({ collection: 'classes', id: cls.id, overrideAccess: true, disableErrors: true })).toBeNull()
    const left = await app.payload.find({ collection: 'enrollments', where: { student: { in: [s1, s2] } }, overrideAccess: true, depth: 0 })
    expect(left.docs.map((e) => e.class)).toEqual([other.id])
    expect((await visitor.get('/api/classes')).body.map((c: { id: number }) => c.id)).not.toContain(cls.id)
    expect((await parent.client.get(`/api/students/${s1}/enrollments`)).body.map((e: { classId: number }) => e.classId)).toEqual([other.id])
  })

  it('takes the enrollments with it when an editor deletes the class in /cms as well', async () => {
    const cls = await addClass(app)
    const student = await addStudent(app, parent.userId, 'Deleted In CMS')
    expect((await parent.client.post('/api/enrollments', { studentId: student, classId: cls.id })).status).toBe(201)
    // What /cms-api's DELETE runs: Payload's delete operation as the signed-in administrator.
    const { docs: admins } = await app.payload.find({ collection: 'users', where: { username: { equals: ADMIN.username } }, overrideAccess: true, depth: 0 })
    await app.payload.delete({ collection: 'classes', id: cls.id, user: { ...admins[0]!, collection: 'users' }, overrideAccess: false })
    expect(await app.payload.findByID({ collection: 'classes', id: cls.id, overrideAccess: true, disableErrors: true })).toBeNull()
    const left = await app.payload.find({ collection: 'enrollments', where: { student: { equals: student } }, overrideAccess: true, depth: 0 })
    expect(left.docs).toEqual([])
  })

  it('answers 403 to a family, 401 to a visitor and 404 for an unknown class, changing nothing', async () => {
    const cls = await addClass(app)
    const student = await addStudent(app, parent.userId, 'Kept Enrollment')
    await parent.client.post('/api/enrollments', { studentId: student, classId: cls.id })
    const before = await snapshot(app)
    expect((await family.delete(`/api/classes/${cls.id}`)).status).toBe(403)
    expect((await parent.client.delete(`/api/classes/${cls.id}`)).status).toBe(403)
    expect((await visitor.delete(`/api/classes/${cls.id}`)).status).toBe(401)
    const missing = await admin.delete('/api/classes/987654')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Class not found')
    expect(await snapshot(app)).toBe(before)
  })
})
