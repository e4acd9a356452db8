import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as classSchedulesMigration from '#cms/migrations/20261123_151924_class_schedules'
import * as closureRangesMigration from '#cms/migrations/20261126_101047_closure_ranges'
import { drizzleOf, poolOf } from '#api/lib/database'

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
    expect(res.body).toEqual({
      id: expect.any(Number),
      ...input,
      capacity: 8,
      enrolledCount: 0,
      // Read from the spec's texts (decisions §14).
      weekdays: ['Monday', 'Wednesday'],
      startTime: '16:00',
      endTime: '17:00',
      room: null,
      termStart: null,
      termEnd: null,
      closures: [],
    })
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
    expect(await message(newClass({ price: 65.5 }))).toBe('Price must be in dollars and cents, to the cent')
    expect(await message(newClass({ price: 10_000_001 }))).toBe('Price cannot be more than $100,000.00 a month')
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

describe('structured schedules (decisions §14)', () => {
  const structured = (extra: Record<string, unknown> = {}) => {
    const { days: _days, time: _time, ...rest } = newClass()
    return {
      ...rest,
      weekdays: ['Thursday', 'Tuesday'],
      startTime: '15:30',
      endTime: '16:15',
      room: 'Studio B',
      termStart: '2027-01-11',
      termEnd: '2027-05-28',
      closures: ['2027-04-13', '2027-02-16'],
      ...extra,
    }
  }

  it('creates a class from structured fields and writes the display texts in the spec style', async () => {
    const res = await admin.post('/api/classes', structured())
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      days: 'Tuesday & Thursday',
      time: '3:30-4:15pm',
      weekdays: ['Tuesday', 'Thursday'],
      startTime: '15:30',
      endTime: '16:15',
      room: 'Studio B',
      termStart: '2027-01-11',
      termEnd: '2027-05-28',
      // Bare days, as sent before closures were ranges, are one-day closures (src/api/lib/closures.schemas.ts).
      closures: [
        { start: '2027-02-16', end: '2027-02-16', label: null },
        { start: '2027-04-13', end: '2027-04-13', label: null },
      ],
    })
    const listed = (await visitor.get('/api/classes')).body.find((c: { id: number }) => c.id === res.body.id)
    expect(listed).toMatchObject({ days: 'Tuesday & Thursday', time: '3:30-4:15pm', closures: res.body.closures })
  })

  it('reads text-only input into the structure, and keeps text it cannot read as typed', async () => {
    const readable = await admin.post('/api/classes', newClass({ days: 'Tue/Thu', time: '10:30am-12:00pm' }))
    expect(readable.status).toBe(201)
    expect(readable.body).toMatchObject({
      days: 'Tuesday & Thursday',
      time: '10:30am-12:00pm',
      weekdays: ['Tuesday', 'Thursday'],
      startTime: '10:30',
      endTime: '12:00',
    })
    const unreadable = await admin.post('/api/classes', newClass({ days: 'By arrangement', time: 'To be announced' }))
    expect(unreadable.status).toBe(201)
    expect(unreadable.body).toMatchObject({ days: 'By arrangement', time: 'To be announced', weekdays: [], startTime: null, endTime: null })
  })

  it('edits with text only or with structure only, and the other side follows', async () => {
    const created = (await admin.post('/api/classes', structured())).body
    const byText = await admin.patch(`/api/classes/${created.id}`, { days: 'Saturday', time: '9:00-9:45am' })
    expect(byText.status).toBe(200)
    expect(byText.body).toMatchObject({ days: 'Saturday', time: '9:00-9:45am', weekdays: ['Saturday'], startTime: '09:00', endTime: '09:45', room: 'Studio B' })
    const byStructure = await admin.patch(`/api/classes/${created.id}`, { weekdays: ['Monday', 'Wednesday', 'Friday'], endTime: '10:30' })
    expect(byStructure.status).toBe(200)
    expect(byStructure.body).toMatchObject({ days: 'Monday, Wednesday & Friday', time: '9:00-10:30am', startTime: '09:00', endTime: '10:30' })
    const cleared = await admin.patch(`/api/classes/${created.id}`, { termStart: null, termEnd: '', closures: [], room: '' })
    expect(cleared.body).toMatchObject({ termStart: null, termEnd: null, closures: [], room: null, days: 'Monday, Wednesday & Friday' })
  })

  it('answers bad structured input with 400 and its message, storing nothing', async () => {
    const cls = (await admin.post('/api/classes', structured())).body
    const before = await snapshot(app, ['classes'])
    const post = async (body: object) => {
      const res = await admin.post('/api/classes', body)
      expect(res.status).toBe(400)
      return res.body.message
    }
    const patch = async (body: object) => {
      const res = await admin.patch(`/api/classes/${cls.id}`, body)
      expect(res.status).toBe(400)
      return res.body.message
    }
    expect(await post(structured({ weekdays: [] }))).toBe('Days is required')
    expect(await post(structured({ weekdays: ['Funday'] }))).toBe('Days of the week must be among Monday to Sunday')
    expect(await post(structured({ startTime: '4pm' }))).toBe('Start time must be a time such as 16:00')
    expect(await post(structured({ endTime: '24:00' }))).toBe('End time must be a time such as 17:00')
    expect(await post(structured({ endTime: '15:30' }))).toBe('End time must be after the start time')
    expect(await post(structured({ endTime: null }))).toBe('Give both a start and an end time, or neither')
    expect(await post(structured({ termEnd: '2027-01-10' }))).toBe('The term cannot end before it starts')
    expect(await post(structured({ termStart: '2027-02-30' }))).toBe('Term dates must be valid dates (YYYY-MM-DD)')
    expect(await post(structured({ closures: ['2027-02-16', '2027-02-16'] }))).toBe('A closure date is listed twice')
    expect(await post(structured({ closures: ['someday'] }))).toBe('Closure dates must be valid dates (YYYY-MM-DD)')
    expect(await post(structured({ room: 'x'.repeat(101) }))).toBe('Room must be at most 100 characters')
    // Against what is stored: the collection checks the whole class.
    expect(await patch({ endTime: '15:00' })).toBe('End time must be after the start time')
    expect(await patch({ termEnd: '2026-12-31' })).toBe('The term cannot end before it starts')
    expect(await patch({ weekdays: [] })).toBe('Days is required')
    expect(await patch({ startTime: null })).toBe('Give both a start and an end time, or neither')
    expect(await snapshot(app, ['classes'])).toBe(before)
  })

  it('obeys the same rules when written in /cms (the collection), not only through the API', async () => {
    const base = { ...CLASS_FIELDS, name: 'Direct write', ageGroup: '6-8' }
    const refusal = (message: string) => ({ data: { errors: [expect.objectContaining({ message })] } })
    await expect(
      app.payload.create({ collection: 'classes', overrideAccess: true, data: { ...base, startTime: '17:00', endTime: '16:00' } }),
    ).rejects.toMatchObject(refusal('End time must be after the start time'))
    await expect(
      app.payload.create({ collection: 'classes', overrideAccess: true, data: { ...base, termStart: '2027-02-01', termEnd: '2027-01-01' } }),
    ).rejects.toMatchObject(refusal('The term cannot end before it starts'))
    const doc = await app.payload.create({
      collection: 'classes',
      overrideAccess: true,
      data: { ...base, weekdays: ['Sunday'], startTime: '18:00', endTime: '19:30' },
    })
    expect(doc).toMatchObject({ days: 'Sunday', time: '6:00-7:30pm' })
  })

  it('gives a class a teacher account, refuses an account that is not one, and lists teachers to administrators only', async () => {
    const teacher = await createFamily(app, 'teacher')
    await app.payload.update({ collection: 'users', id: teacher.userId, data: { isTeacher: true }, overrideAccess: true })
    const cls = (await admin.post('/api/classes', structured({ teacherId: teacher.userId }))).body
    const listed = await admin.get('/api/admin/teachers')
    expect(listed.status).toBe(200)
    expect(listed.body).toContainEqual({ id: teacher.userId, fullName: teacher.fullName, username: teacher.username, classIds: [cls.id] })
    // Which accounts teach is not public.
    expect((await visitor.get('/api/classes')).body.find((c: { id: number }) => c.id === cls.id)).not.toHaveProperty('teacherId')

    const before = await snapshot(app, ['classes'])
    const refused = await admin.patch(`/api/classes/${cls.id}`, { teacherId: parent.userId })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('Please select a teacher account')
    expect(await snapshot(app, ['classes'])).toBe(before)

    expect((await admin.patch(`/api/classes/${cls.id}`, { teacherId: null })).status).toBe(200)
    expect((await admin.get('/api/admin/teachers')).body.find((t: { id: number }) => t.id === teacher.userId).classIds).toEqual([])

    expect((await visitor.get('/api/admin/teachers')).status).toBe(401)
    expect((await family.get('/api/admin/teachers')).status).toBe(403)
    expect((await teacher.client.get('/api/admin/teachers')).status).toBe(403)
    expect((await teacher.client.post('/api/classes', structured())).status).toBe(403)
  })
})

describe('the class schedules migration', () => {
  it('goes down and up again, converting a class written as text to the structure', async () => {
    const db = poolOf(app.payload)
    const migrationArgs = { db: drizzleOf(app.payload), payload: app.payload, req: {} } as never
    const seeded = (await db.query(`SELECT id, days, time FROM classes WHERE name = 'Pre-Ballet Petites'`)).rows[0]!
    // The later migration goes down first and up last, as Payload would run them.
    await closureRangesMigration.down(migrationArgs)
    await classSchedulesMigration.down(migrationArgs)
    const columns = async () =>
      (await db.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'classes'`)).rows.map((r) => r.column_name)
    expect(await columns()).not.toContain('start_time')
    // Rows as the previous version of the app wrote them.
    const inserted = await db.query(
      `INSERT INTO classes (name, description, age_group, level, days, time, location, instructor, price)
       VALUES ('Legacy class', 'Written before the migration.', '6-8', 'Beginner', 'Tue/Thu', '4-5pm', 'Studio A', 'Ms. Old', 6500),
              ('Legacy private', 'Written before the migration.', '18+', 'All Levels', 'By arrangement', 'TBA', 'Studio C', 'Ms. Old', 9000)
       RETURNING id`,
    )
    const [legacyId, privateId] = inserted.rows.map((r) => Number(r.id))
    await classSchedulesMigration.up(migrationArgs)
    await closureRangesMigration.up(migrationArgs)
    expect(await columns()).toEqual(expect.arrayContaining(['start_time', 'end_time', 'room', 'term_start', 'term_end']))

    const stored = async (id: number) => app.payload.findByID({ collection: 'classes', id, overrideAccess: true, depth: 0 })
    expect(await stored(legacyId!)).toMatchObject({
      days: 'Tuesday & Thursday',
      time: '4:00-5:00pm',
      weekdays: ['Tuesday', 'Thursday'],
      startTime: '16:00',
      endTime: '17:00',
    })
    expect(await stored(privateId!)).toMatchObject({ days: 'By arrangement', time: 'TBA', weekdays: [], startTime: null, endTime: null })
    // The seeded class reads the same as before, now with its structure.
    expect(await stored(Number(seeded.id))).toMatchObject({
      days: seeded.days,
      time: seeded.time,
      weekdays: ['Tuesday', 'Thursday'],
      startTime: '15:30',
      endTime: '16:15',
    })
  })
})
