import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { shiftYears, todayIso } from '#shared/dates'
import { STUDENT_MESSAGES } from '#api/students/schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, bornYearsAgo, createFamily, snapshot, type Family } from '#tests/support/families'

let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let familyA: Family
let familyB: Family

const valid = { fullName: 'Ava Test', dateOfBirth: '2017-09-03', experienceLevel: 'Beginner' }

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  familyA = await createFamily(app, 'students-a')
  familyB = await createFamily(app, 'students-b')
})
afterAll(async () => {
  await app?.close()
})

describe('POST /api/students', () => {
  it('creates a student owned by the caller and answers 201 with it', async () => {
    const res = await familyA.client.post('/api/students', { ...valid, fullName: '  Ava Created  ' })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.any(Number),
      userId: familyA.userId,
      fullName: 'Ava Created',
      dateOfBirth: '2017-09-03',
      experienceLevel: 'Beginner',
      emergencyContact: null,
    })
    const stored = await app.payload.findByID({ collection: 'students', id: res.body.id, depth: 0, overrideAccess: true })
    expect(stored.user).toBe(familyA.userId)
    expect(stored.dateOfBirth.slice(0, 10)).toBe('2017-09-03')
  })

  it('ignores a userId sent by a family: the student is always its own', async () => {
    const res = await familyA.client.post('/api/students', { ...valid, fullName: 'Not For B', userId: familyB.userId })
    expect(res.status).toBe(201)
    expect(res.body.userId).toBe(familyA.userId)
    expect((await familyB.client.get('/api/students')).body.map((s: { fullName: string }) => s.fullName)).not.toContain('Not For B')
  })

  it('lets an administrator add a student to a chosen family', async () => {
    const res = await admin.post('/api/students', { ...valid, fullName: 'Placed By Admin', userId: familyB.userId })
    expect(res.status).toBe(201)
    expect(res.body.userId).toBe(familyB.userId)
    const unknownUser = await admin.post('/api/students', { ...valid, userId: 999_999 })
    expect(unknownUser.status).toBe(400)
    expect(unknownUser.body.message).toBe('Please select a user')
  })

  it('answers each validation rule with its message and stores nothing', async () => {
    const before = await snapshot(app)
    const message = async (body: object) => {
      const res = await familyA.client.post('/api/students', body)
      expect(res.status).toBe(400)
      return res.body.message
    }
    const { fullName: _n, ...noName } = valid
    const { dateOfBirth: _d, ...noDate } = valid
    expect(await message(noName)).toBe(STUDENT_MESSAGES.fullNameRequired)
    expect(await message({ ...valid, fullName: '   ' })).toBe(STUDENT_MESSAGES.fullNameRequired)
    expect(await message({ ...valid, fullName: 'A' })).toBe(STUDENT_MESSAGES.fullNameTooShort)
    expect(await message({ ...valid, fullName: 'A'.repeat(121) })).toBe(STUDENT_MESSAGES.fullNameTooLong)
    expect(await message(noDate)).toBe('Date of birth is required')
    expect(await message({ ...valid, dateOfBirth: '' })).toBe('Date of birth is required')
    expect(await message({ ...valid, dateOfBirth: '2017-02-30' })).toBe(STUDENT_MESSAGES.dateOfBirthInvalid)
    expect(await message({ ...valid, dateOfBirth: '03/09/2017' })).toBe(STUDENT_MESSAGES.dateOfBirthInvalid)
    expect(await message({ ...valid, dateOfBirth: shiftYears(todayIso(), 1) })).toBe(STUDENT_MESSAGES.dateOfBirthFuture)
    expect(await message({ ...valid, dateOfBirth: '1900-01-01' })).toBe(STUDENT_MESSAGES.dateOfBirthTooOld)
    expect(await message({ ...valid, experienceLevel: 'Expert' })).toBe(STUDENT_MESSAGES.experienceLevelInvalid)
    expect(await message({ fullName: 'Ava', dateOfBirth: '2017-09-03' })).toBe(STUDENT_MESSAGES.experienceLevelInvalid)
    const badJson = await familyA.client.request('POST', '/api/students', undefined, {
      headers: { 'content-type': 'application/json' },
      rawBody: '{"fullName":',
    })
    expect(badJson.status).toBe(400)
    expect(badJson.body.message).toBe('The request body is not valid JSON.')
    expect(await snapshot(app)).toBe(before)
  })

  it('accepts a child born today and someone born exactly 100 years ago', async () => {
    expect((await familyA.client.post('/api/students', { ...valid, fullName: 'Newborn', dateOfBirth: todayIso() })).status).toBe(201)
    expect((await familyA.client.post('/api/students', { ...valid, fullName: 'Centenarian', dateOfBirth: shiftYears(todayIso(), -100) })).status).toBe(201)
  })

  it('answers 401 to a visitor and stores nothing', async () => {
    const before = await snapshot(app)
    const res = await visitor.post('/api/students', valid)
    expect(res.status).toBe(401)
    expect(res.body.message).toBeTypeOf('string')
    expect(await snapshot(app)).toBe(before)
  })
})

describe('emergency contacts', () => {
  it('are stored with a new student and changed or cleared by its family', async () => {
    const created = await familyA.client.post('/api/students', {
      ...valid,
      fullName: 'Has Contact',
      emergencyContact: { name: ' Grandma Lee ', phone: '+1 (555) 010-2030' },
    })
    expect(created.status).toBe(201)
    expect(created.body.emergencyContact).toEqual({ name: 'Grandma Lee', phone: '+1 (555) 010-2030' })
    const changed = await familyA.client.patch(`/api/students/${created.body.id}/emergency-contact`, {
      emergencyContact: { name: 'Uncle Ray', phone: '555 010 9999' },
    })
    expect([changed.status, changed.body.message]).toEqual([200, undefined])
    expect(changed.body.emergencyContact).toEqual({ name: 'Uncle Ray', phone: '555 010 9999' })
    const stored = await app.payload.findByID({ collection: 'students', id: created.body.id, depth: 0, overrideAccess: true })
    expect(stored.emergencyContact).toMatchObject({ name: 'Uncle Ray', phone: '555 010 9999' })
    const cleared = await familyA.client.patch(`/api/students/${created.body.id}/emergency-contact`, { emergencyContact: { name: '', phone: '' } })
    expect(cleared.status).toBe(200)
    expect(cleared.body.emergencyContact).toBeNull()
  })

  it('refuse half a contact or a bad phone with a message, and another family’s student with 404, changing nothing', async () => {
    const id = await addStudent(app, familyA.userId, 'Contact Guarded')
    const before = await snapshot(app)
    const refused = async (body: object, client = familyA.client) => {
      const res = await client.patch(`/api/students/${id}/emergency-contact`, body)
      return [res.status, res.body.message]
    }
    expect(await refused({ emergencyContact: { name: 'Only A Name', phone: '' } })).toEqual([400, STUDENT_MESSAGES.emergencyPhoneRequired])
    expect(await refused({ emergencyContact: { name: '', phone: '5550102030' } })).toEqual([400, STUDENT_MESSAGES.emergencyNameRequired])
    expect(await refused({ emergencyContact: { name: 'Bad Phone', phone: 'call me' } })).toEqual([400, STUDENT_MESSAGES.emergencyPhoneInvalid])
    expect(await refused({ emergencyContact: { name: 'N'.repeat(121), phone: '5550102030' } })).toEqual([400, STUDENT_MESSAGES.emergencyNameTooLong])
    expect((await refused({ emergencyContact: { name: 'B Says', phone: '5550102030' } }, familyB.client))[0]).toBe(404)
    expect((await visitor.patch(`/api/students/${id}/emergency-contact`, { emergencyContact: { name: 'V', phone: '5550102030' } })).status).toBe(401)
    const onCreate = await familyA.client.post('/api/students', { ...valid, emergencyContact: { name: 'X', phone: '12' } })
    expect([onCreate.status, onCreate.body.message]).toEqual([400, STUDENT_MESSAGES.emergencyPhoneInvalid])
    expect(await snapshot(app)).toBe(before)
  })
})

describe('GET /api/students', () => {
  it("lists only the caller's students, in the contract shape", async () => {
    const mine = await addStudent(app, familyB.userId, 'Listed For B', 9, { emergencyContact: null })
    await addStudent(app, familyA.userId, 'Listed For A', 9)
    const res = await familyB.client.get('/api/students')
    expect(res.status).toBe(200)
    expect(res.body.every((s: { userId: number }) => s.userId === familyB.userId)).toBe(true)
    expect(res.body.find((s: { id: number }) => s.id === mine)).toEqual({
      id: mine,
      userId: familyB.userId,
      fullName: 'Listed For B',
      dateOfBirth: bornYearsAgo(9),
      experienceLevel: 'Beginner',
      emergencyContact: null,
    })
  })

  it("gives an administrator every family's students", async () => {
    const a = await addStudent(app, familyA.userId, 'All A')
    const b = await addStudent(app, familyB.userId, 'All B')
    const ids = (await admin.get('/api/students')).body.map((s: { id: number }) => s.id)
    expect(ids).toEqual(expect.arrayContaining([a, b]))
  })

  it('answers 401 to a visitor', async () => {
    expect((await visitor.get('/api/students')).status).toBe(401)
  })
})

describe('GET /api/students/{id}', () => {
  it('answers one of the caller’s students', async () => {
    const id = await addStudent(app, familyA.userId, 'Single A', 6)
    const res = await familyA.client.get(`/api/students/${id}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, userId: familyA.userId, fullName: 'Single A', dateOfBirth: bornYearsAgo(6) })
  })

  it("answers another family's student and an unknown id with the same 404", async () => {
    const id = await addStudent(app, familyA.userId, 'Private A')
    const other = await familyB.client.get(`/api/students/${id}`)
    const unknown = await familyB.client.get('/api/students/987654')
    expect(other.status).toBe(404)
    expect(other.body).toEqual({ message: 'Student not found' })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual(other.body)
  })

  it('lets an administrator read any student, refuses a visitor, and answers an id that is not a number as not found', async () => {
    const id = await addStudent(app, familyA.userId, 'Seen By Admin')
    expect((await admin.get(`/api/students/${id}`)).body.fullName).toBe('Seen By Admin')
    expect((await visitor.get(`/api/students/${id}`)).status).toBe(401)
    expect((await familyA.client.get('/api/students/abc')).status).toBe(404)
  })
})

describe('DELETE /api/students/{id}', () => {
  it('removes the student and every enrollment of theirs', async () => {
    const id = await addStudent(app, familyA.userId, 'Leaving A')
    const keep = await addStudent(app, familyA.userId, 'Staying A')
    const c1 = await addClass(app)
    const c2 = await addClass(app)
    for (const [student, cls] of [
      [id, c1.id],
      [id, c2.id],
      [keep, c1.id],
    ] as const) {
      expect((await familyA.client.post('/api/enrollments', { studentId: student, classId: cls })).status).toBe(201)
    }
    const res = await familyA.client.delete(`/api/students/${id}`)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Leaving A has been removed.')
    expect(await app.payload.findByID({ collection: 'students', id, overrideAccess: true, disableErrors: true })).toBeNull()
    const left = await app.payload.find({ collection: 'enrollments', where: { class: { in: [c1.id, c2.id] } }, overrideAccess: true, depth: 0 })
    expect(left.docs.map((e) => e.student)).toEqual([keep])
    expect((await familyA.client.get(`/api/students/${id}`)).status).toBe(404)
  })

  it("refuses another family's student with 404 and a visitor with 401, changing nothing", async () => {
    const id = await addStudent(app, familyA.userId, 'Protected A')
    const cls = await addClass(app)
    await familyA.client.post('/api/enrollments', { studentId: id, classId: cls.id })
    const before = await snapshot(app)
    const other = await familyB.client.delete(`/api/students/${id}`)
    expect(other.status).toBe(404)
    expect(other.body.message).toBe('Student not found')
    expect((await visitor.delete(`/api/students/${id}`)).status).toBe(401)
    expect((await familyB.client.delete('/api/students/987654')).status).toBe(404)
    expect(await snapshot(app)).toBe(before)
  })

  it("lets an administrator remove any family's student", async () => {
    const id = await addStudent(app, familyB.userId, 'Removed By Admin')
    expect((await admin.delete(`/api/students/${id}`)).status).toBe(200)
    expect((await familyB.client.get(`/api/students/${id}`)).status).toBe(404)
  })
})

describe('GET /api/students/{id}/enrollments', () => {
  it('lists the student’s enrollments with the class embedded', async () => {
    const id = await addStudent(app, familyA.userId, 'Enrolled A')
    const cls = await addClass(app, { capacity: 5 })
    const enrolled = await familyA.client.post('/api/enrollments', { studentId: id, classId: cls.id })
    expect(enrolled.status).toBe(201)
    const res = await familyA.client.get(`/api/students/${id}/enrollments`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      {
        id: enrolled.body.id,
        studentId: id,
        classId: cls.id,
        enrollmentDate: todayIso(),
        endDate: null,
        class: expect.objectContaining({ id: cls.id, name: cls.name, ageGroup: '6-8', price: 6500, capacity: 5, enrolledCount: 1 }),
      },
    ])
  })

  it("answers 404 for another family's student, 401 for a visitor, and the list for an administrator", async () => {
    const id = await addStudent(app, familyA.userId, 'Enrollments Private A')
    expect((await familyB.client.get(`/api/students/${id}/enrollments`)).status).toBe(404)
    expect((await familyB.client.get(`/api/students/${id}/enrollments`)).body.message).toBe('Student not found')
    expect((await visitor.get(`/api/students/${id}/enrollments`)).status).toBe(401)
    const res = await admin.get(`/api/students/${id}/enrollments`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([])
  })
})
