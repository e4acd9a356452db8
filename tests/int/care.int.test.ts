import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CARE_MESSAGES, emergencyContactNeededMessage } from '#api/care/schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { cmsRest, sessionCookie } from '#tests/support/cms-rest'
import { addClass, addStudent, createFamily, createTeacher, type Family } from '#tests/support/families'

/**
 * Care information and authorised pickups (issue 24): the family writes them; the family, the
 * administrators and the teachers of the child's own classes read them (404 for everybody
 * else); staff reads of the medical notes are audited; a first enrollment needs an emergency contact.
 */
let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let family: Family
let otherFamily: Family
let teacher: Family
let otherTeacher: Family
let classA: { id: number; name: string }
let mia: number

const CARE = {
  emergencyContacts: [{ name: 'Grandma Lee', relationship: 'Grandmother', phone: '+1 555 010 2030' }],
  allergies: 'Peanuts',
  medicalNotes: 'Asthma: inhaler in the front pocket of her bag',
  doctor: { name: 'Dr Park', phone: '555 010 7777' },
  mayBePhotographed: 'no',
}

async function careRows(): Promise<string> {
  const rows = await Promise.all(
    (['care-information', 'authorised-pickups', 'medical-note-reads'] as const).map((collection) =>
      app.payload.find({ collection, overrideAccess: true, limit: 0, pagination: false, depth: 0, sort: 'id' }).then((r) => r.docs),
    ),
  )
  return JSON.stringify(rows)
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  // The rule is a studio setting, off on a fresh install (decisions §37): this file is about it on.
  await app.payload.updateGlobal({ slug: 'studio-settings', data: { emergencyContactRequired: true }, overrideAccess: true })
  family = await createFamily(app, 'care-family')
  otherFamily = await createFamily(app, 'care-other')
  teacher = await createTeacher(app, 'care-teacher')
  otherTeacher = await createTeacher(app, 'care-teacher-b')
  classA = await addClass(app, { name: 'Care Class A' })
  const classB = await addClass(app, { name: 'Care Class B' })
  await app.payload.update({ collection: 'classes', id: classA.id, data: { teacher: teacher.userId }, overrideAccess: true })
  await app.payload.update({ collection: 'classes', id: classB.id, data: { teacher: otherTeacher.userId }, overrideAccess: true })
  mia = await addStudent(app, family.userId, 'Mia Care', 7, { emergencyContact: null })
})

afterAll(async () => {
  await app?.close()
})

describe('a first enrollment needs an emergency contact when the studio asks for one', () => {
  it('is refused without one, naming the child, and allowed once the family has added one', async () => {
    const before = await careRows()
    const refused = await family.client.post('/api/enrollments', { studentId: mia, classId: classA.id })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(emergencyContactNeededMessage('Mia Care'))
    expect(refused.body.message).toContain('Mia Care')
    expect(refused.body.message).toContain('emergency contact')
    expect((await app.payload.count({ collection: 'enrollments', where: { student: { equals: mia } }, overrideAccess: true })).totalDocs).toBe(0)
    expect(await careRows()).toBe(before)

    const saved = await family.client.put(`/api/students/${mia}/care`, CARE)
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ studentId: mia, ...CARE, pickups: [] })
    // The first contact is also the student's own, as the students contract shows it.
    expect((await family.client.get(`/api/students/${mia}`)).body.emergencyContact).toEqual({ name: 'Grandma Lee', phone: '+1 555 010 2030' })

    const enrolled = await family.client.post('/api/enrollments', { studentId: mia, classId: classA.id })
    expect(enrolled.status).toBe(201)
  })

  it('lets an administrator enrol a child whose family has not given one yet', async () => {
    const noah = await addStudent(app, otherFamily.userId, 'Noah Desk', 7, { emergencyContact: null })
    expect((await admin.post('/api/enrollments', { studentId: noah, classId: classA.id })).status).toBe(201)
  })
})

describe('the family writes care information and pickups', () => {
  it('adds, edits and removes an authorised pickup', async () => {
    const added = await family.client.post(`/api/students/${mia}/pickups`, { name: 'Aunt Rosa', relationship: 'Aunt', phone: '555 010 4040' })
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({ name: 'Aunt Rosa', relationship: 'Aunt', phone: '555 010 4040' })
    const edited = await family.client.patch(`/api/students/${mia}/pickups/${added.body.id}`, {
      name: 'Aunt Rosa',
      relationship: 'Aunt',
      phone: '555 010 4141',
    })
    expect(edited.status).toBe(200)
    const second = await family.client.post(`/api/students/${mia}/pickups`, { name: 'Mr Brown', relationship: 'Neighbour', phone: '555 010 5050' })
    expect((await family.client.delete(`/api/students/${mia}/pickups/${second.body.id}`)).status).toBe(200)
    const care = await family.client.get(`/api/students/${mia}/care`)
    expect(care.body.pickups).toEqual([{ id: added.body.id, name: 'Aunt Rosa', relationship: 'Aunt', phone: '555 010 4141' }])
  })

  it('refuses bad input with 400 and a message, and changes nothing', async () => {
    const before = await careRows()
    const cases: Array<[string, unknown, string]> = [
      ['put', { ...CARE, emergencyContacts: [{ name: 'No Phone', relationship: 'Uncle', phone: '' }] }, CARE_MESSAGES.phoneRequired],
      ['put', { ...CARE, emergencyContacts: [{ name: 'Gran', relationship: '', phone: '555 010 2030' }] }, CARE_MESSAGES.relationshipRequired],
      ['put', { ...CARE, doctor: { name: 'Dr X', phone: 'call me' } }, CARE_MESSAGES.phoneInvalid],
      ['put', { ...CARE, mayBePhotographed: 'maybe' }, CARE_MESSAGES.photoChoiceInvalid],
      ['put', { ...CARE, allergies: 'x'.repeat(1001) }, CARE_MESSAGES.allergiesTooLong],
      ['post', { name: '', relationship: 'Aunt', phone: '555 010 4040' }, CARE_MESSAGES.nameRequired],
      ['post', { name: 'Aunt', relationship: 'Aunt', phone: '12' }, CARE_MESSAGES.phoneInvalid],
    ]
    for (const [method, body, message] of cases) {
      const path = method === 'put' ? `/api/students/${mia}/care` : `/api/students/${mia}/pickups`
      const res = method === 'put' ? await family.client.put(path, body) : await family.client.post(path, body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(JSON.stringify(res.body)).toContain(message)
    }
    expect(await careRows()).toBe(before)
  })

  it('answers 404 to another family and a teacher of another class, 403 to the teacher who writes, 401 to a visitor', async () => {
    const before = await careRows()
    const [pickup] = (await family.client.get(`/api/students/${mia}/care`)).body.pickups
    for (const client of [otherFamily.client, otherTeacher.client]) {
      expect((await client.get(`/api/students/${mia}/care`)).status).toBe(404)
      expect((await client.put(`/api/students/${mia}/care`, CARE)).status).toBe(404)
      expect((await client.post(`/api/students/${mia}/pickups`, { name: 'Intruder', relationship: 'None', phone: '555 010 0000' })).status).toBe(404)
      expect((await client.delete(`/api/students/${mia}/pickups/${pickup.id}`)).status).toBe(404)
    }
    const teacherWrite = await teacher.client.put(`/api/students/${mia}/care`, CARE)
    expect(teacherWrite.status).toBe(403)
    expect(teacherWrite.body.message).toBe(CARE_MESSAGES.familyOnly)
    expect((await visitor.get(`/api/students/${mia}/care`)).status).toBe(401)
    expect((await family.client.get(`/api/students/999999/care`)).status).toBe(404)
    expect(await careRows()).toBe(before)
  })
})

describe('staff reads', () => {
  it('shows the teacher of the class the care information and pickups, and records the read of the medical notes', async () => {
    const res = await teacher.client.get(`/api/students/${mia}/care`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ allergies: 'Peanuts', medicalNotes: CARE.medicalNotes, mayBePhotographed: 'no' })
    expect(res.body.pickups.map((p: { name: string }) => p.name)).toEqual(['Aunt Rosa'])
    const audit = await admin.get(`/api/admin/medical-note-reads?studentId=${mia}`)
    expect(audit.status).toBe(200)
    expect(audit.body).toEqual([
      {
        id: expect.any(Number),
        readAt: expect.any(String),
        reader: { id: teacher.userId, name: teacher.fullName, role: 'teacher' },
        student: { id: mia, name: 'Mia Care' },
      },
    ])
    // The roster shows the allergy, a medical flag, the photo choice and the pickups; it reads no notes.
    const roster = await teacher.client.get(`/api/teach/classes/${classA.id}/roster?date=${new Date().toISOString().slice(0, 10)}`)
    expect(roster.body.students.find((s: { studentId: number }) => s.studentId === mia).care).toEqual({
      allergies: 'Peanuts',
      hasMedicalNotes: true,
      mayBePhotographed: 'no',
      photoRelease: null,
      pickups: [expect.objectContaining({ name: 'Aunt Rosa', phone: '555 010 4141' })],
    })
    expect((await admin.get(`/api/admin/medical-note-reads?studentId=${mia}`)).body).toHaveLength(1)
  })

  it('records an administrator’s read too, not the family’s own, and lists the audit for administrators only', async () => {
    await family.client.get(`/api/students/${mia}/care`)
    expect((await admin.get(`/api/students/${mia}/care?medicalNotes=0`)).body.medicalNotes).toBe('')
    expect((await admin.get(`/api/students/${mia}/care`)).body.medicalNotes).toBe(CARE.medicalNotes)
    const audit = (await admin.get(`/api/admin/medical-note-reads?studentId=${mia}`)).body as Array<{ reader: { role: string } }>
    expect(audit.map((entry) => entry.reader.role)).toEqual(['admin', 'teacher'])
    expect((await family.client.get('/api/admin/medical-note-reads')).status).toBe(403)
    expect((await teacher.client.get('/api/admin/medical-note-reads')).status).toBe(403)
    expect((await admin.get('/api/admin/medical-note-reads?studentId=abc')).status).toBe(400)
  })

  it('exports every student with emergency contacts, allergies, photo choice and pickups as CSV', async () => {
    const res = await admin.get('/api/admin/students.csv')
    expect(res.status).toBe(200)
    const line = String(res.body)
      .split('\n')
      .find((row) => row.startsWith('Mia Care'))
    expect(line).toContain('Grandma Lee (Grandmother) +1 555 010 2030')
    expect(line).toContain('Peanuts')
    expect(line).toContain('Aunt Rosa (Aunt) 555 010 4141')
    expect(line).not.toContain('Asthma')
    expect((await family.client.get('/api/admin/students.csv')).status).toBe(403)
  })
})

describe('the collections behind /cms-api (past the router’s admin-only guard)', () => {
  it('let a family read only its own care rows, nobody but administrators the audit, and nobody but administrators write', async () => {
    const before = await careRows()
    const cookie = (account: Family) => sessionCookie(app, account.username, 'a-long-test-password')
    const [own, other, teaching] = await Promise.all([cookie(family), cookie(otherFamily), cookie(teacher)])
    const students = async (path: string, who: string) =>
      ((await cmsRest(app, 'GET', path, { cookie: who })).body.docs as Array<{ student: number | { id: number } }>).map((doc) =>
        typeof doc.student === 'object' ? doc.student.id : doc.student,
      )
    expect(await students('/care-information?depth=0', own)).toEqual([mia])
    expect(await students('/authorised-pickups?depth=0', own)).toEqual([mia])
    for (const who of [other, teaching]) {
      expect(await students('/care-information?depth=0', who)).toEqual([])
      expect(await students('/authorised-pickups?depth=0', who)).toEqual([])
    }
    for (const who of [own, teaching]) expect([401, 403]).toContain((await cmsRest(app, 'GET', '/medical-note-reads', { cookie: who })).status)
    const write = await cmsRest(app, 'POST', '/authorised-pickups', {
      cookie: own,
      body: { student: mia, name: 'Sneaky', relationship: 'None', phone: '555 010 0000' },
    })
    expect([401, 403]).toContain(write.status)
    const audit = await cmsRest(app, 'POST', '/medical-note-reads', {
      cookie: own,
      body: { readAt: new Date().toISOString(), readerName: 'x', readerRole: 'admin', studentName: 'y' },
    })
    expect([401, 403]).toContain(audit.status)
    expect(await careRows()).toBe(before)
  })
})

describe('the student’s own emergency contact', () => {
  it('is the first contact of the care information, both ways, and a removed student takes its care rows along', async () => {
    const created = await family.client.post('/api/students', {
      fullName: 'Theo Mirror',
      dateOfBirth: '2018-05-01',
      experienceLevel: 'Beginner',
      emergencyContact: { name: 'Aunt May', phone: '555 010 1111' },
    })
    const id = created.body.id as number
    expect((await family.client.get(`/api/students/${id}/care`)).body.emergencyContacts).toEqual([
      { name: 'Aunt May', relationship: '', phone: '555 010 1111' },
    ])
    await family.client.put(`/api/students/${id}/care`, {
      ...CARE,
      emergencyContacts: [
        { name: 'Aunt May', relationship: 'Aunt', phone: '555 010 1111' },
        { name: 'Dad', relationship: 'Father', phone: '555 010 2222' },
      ],
    })
    await family.client.patch(`/api/students/${id}/emergency-contact`, { emergencyContact: { name: 'Aunt May', phone: '555 010 3333' } })
    expect((await family.client.get(`/api/students/${id}/care`)).body.emergencyContacts).toEqual([
      { name: 'Aunt May', relationship: 'Aunt', phone: '555 010 3333' },
      { name: 'Dad', relationship: 'Father', phone: '555 010 2222' },
    ])
    await family.client.put(`/api/students/${id}/care`, { ...CARE, emergencyContacts: [{ name: 'Dad', relationship: 'Father', phone: '555 010 2222' }] })
    expect((await family.client.get(`/api/students/${id}`)).body.emergencyContact).toEqual({ name: 'Dad', phone: '555 010 2222' })
    await family.client.post(`/api/students/${id}/pickups`, { name: 'Gran', relationship: 'Grandmother', phone: '555 010 4444' })
    await admin.get(`/api/students/${id}/care`)
    expect((await family.client.delete(`/api/students/${id}`)).status).toBe(200)
    for (const collection of ['care-information', 'authorised-pickups'] as const) {
      expect((await app.payload.count({ collection, where: { student: { equals: id } }, overrideAccess: true })).totalDocs).toBe(0)
    }
    const audit = await app.payload.find({
      collection: 'medical-note-reads',
      where: { studentName: { equals: 'Theo Mirror' } },
      overrideAccess: true,
      depth: 0,
    })
    expect(audit.docs.map((doc) => [doc.student ?? null, doc.readerRole])).toEqual([[null, 'admin']])
  })
})

describe('accepting a waitlist offer is a first enrollment too', () => {
  it('is refused without an emergency contact, the offer kept open, and accepted once one is given', async () => {
    const cls = await addClass(app, { capacity: 1 })
    const seat = await app.payload.create({
      collection: 'enrollments',
      data: { student: await addStudent(app, otherFamily.userId, 'Seated Care', 7), class: cls.id, enrollmentDate: '2026-09-01' },
      overrideAccess: true,
    })
    const zoe = await addStudent(app, family.userId, 'Zoe Waiting', 7, { emergencyContact: null })
    const entry = (await family.client.post('/api/waitlist', { studentId: zoe, classId: cls.id })).body
    await admin.delete(`/api/enrollments/${seat.id}`)
    const refused = await family.client.post(`/api/waitlist/${entry.id}/accept`)
    expect([refused.status, refused.body.message]).toEqual([409, emergencyContactNeededMessage('Zoe Waiting')])
    expect((await family.client.get('/api/waitlist')).body.find((e: { id: number }) => e.id === entry.id).status).toBe('offered')
    await family.client.put(`/api/students/${zoe}/care`, CARE)
    expect((await family.client.post(`/api/waitlist/${entry.id}/accept`)).status).toBe(200)
  })
})
