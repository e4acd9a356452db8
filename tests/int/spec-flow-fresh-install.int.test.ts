import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { emergencyContactNeededMessage } from '#api/care/schemas'
import { STUDIO_SETTINGS_DEFAULTS, STUDIO_SETTINGS_MESSAGES } from '#api/studio/schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, bornYearsAgo, createFamily, type Family } from '#tests/support/families'

/**
 * The specification's own flow on a fresh install (decisions §37): a family registers, adds a
 * child with the specification's fields alone and enrolls. The emergency contact before a first
 * class is stricter than the specification, so it is a studio setting, off until an administrator
 * turns it on; then every path that admits a child (enrolling, accepting a waitlist offer) refuses
 * a family the same way, and the office is exempt on both.
 */
let app: TestApp
let admin: ApiClient
let family: Family

const enrollmentsOf = async (student: number) =>
  (await app.payload.count({ collection: 'enrollments', where: { student: { equals: student } }, overrideAccess: true })).totalDocs

async function requireContact(on: boolean): Promise<void> {
  const current = (await admin.get('/api/admin/studio-settings')).body
  const saved = await admin.put('/api/admin/studio-settings', { ...current, emergencyContactRequired: on })
  expect(saved).toMatchObject({ status: 200, body: { emergencyContactRequired: on } })
}

/** An offered place in a full class: a seat taken by another child, the family's child in line, the seat freed. */
async function offeredPlace(student: number): Promise<number> {
  const cls = await addClass(app, { capacity: 1 })
  const other = await createFamily(app, 'fresh-seated')
  const seat = await app.payload.create({
    collection: 'enrollments',
    data: { student: await addStudent(app, other.userId, 'Seated Fresh', 7), class: cls.id, enrollmentDate: '2026-09-01' },
    overrideAccess: true,
  })
  const entry = await family.client.post('/api/waitlist', { studentId: student, classId: cls.id })
  expect(entry.status).toBe(201)
  await admin.delete(`/api/enrollments/${seat.id}`)
  return entry.body.id as number
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'fresh-family')
})

afterAll(async () => {
  await app?.close()
})

describe('the specification flow on a fresh install', () => {
  it('registers, adds a child with only the specification fields and enrolls the child', async () => {
    expect((await admin.get('/api/admin/studio-settings')).body).toMatchObject({ emergencyContactRequired: false })
    const client = new ApiClient(app.url)
    const name = `fresh${Date.now()}`
    const registered = await client.post('/api/register', {
      username: name,
      password: 'grand-jete-2026',
      fullName: 'Fran Fresh',
      email: `${name}@example.com`,
      phone: '555-0100',
    })
    expect(registered.status).toBe(201)
    const added = await client.post('/api/students', { fullName: 'Mia Fresh', dateOfBirth: bornYearsAgo(7), experienceLevel: 'Beginner' })
    expect(added.status).toBe(201)
    expect(added.body.emergencyContact ?? null).toBeNull()
    const cls = await addClass(app)
    const enrolled = await client.post('/api/enrollments', { studentId: added.body.id, classId: cls.id })
    expect(enrolled).toMatchObject({ status: 201, body: { studentId: added.body.id, classId: cls.id } })
    expect((await client.get(`/api/students/${added.body.id}/enrollments`)).body).toHaveLength(1)
  })

  it('accepts a waitlist offer for a child without an emergency contact', async () => {
    const zoe = await addStudent(app, family.userId, 'Zoe Fresh', 7, { emergencyContact: null })
    const entry = await offeredPlace(zoe)
    expect((await family.client.post(`/api/waitlist/${entry}/accept`)).status).toBe(200)
    expect(await enrollmentsOf(zoe)).toBe(1)
  })
})

describe('the emergency-contact rule as a studio setting', () => {
  it('is refused as anything but true or false, and a body without it keeps it as it is', async () => {
    const bad = await admin.put('/api/admin/studio-settings', { ...STUDIO_SETTINGS_DEFAULTS, emergencyContactRequired: 'yes' })
    expect(bad).toMatchObject({ status: 400, body: { message: STUDIO_SETTINGS_MESSAGES.emergencyContactRequired } })
    await requireContact(true)
    const { emergencyContactRequired: _kept, ...older } = STUDIO_SETTINGS_DEFAULTS
    const saved = await admin.put('/api/admin/studio-settings', { ...older, dropNoticeDays: 5 })
    expect(saved).toMatchObject({ status: 200, body: { dropNoticeDays: 5, emergencyContactRequired: true } })
    await requireContact(false)
  })

  it('when on, refuses a family the first enrollment and an offer alike, and lets the office enrol on both paths', async () => {
    await requireContact(true)
    try {
      const cls = await addClass(app)
      const mia = await addStudent(app, family.userId, 'Mia Rule', 7, { emergencyContact: null })
      const refused = await family.client.post('/api/enrollments', { studentId: mia, classId: cls.id })
      expect(refused).toMatchObject({ status: 409, body: { message: emergencyContactNeededMessage('Mia Rule') } })
      expect(await enrollmentsOf(mia)).toBe(0)

      const zoe = await addStudent(app, family.userId, 'Zoe Rule', 7, { emergencyContact: null })
      const entry = await offeredPlace(zoe)
      const declined = await family.client.post(`/api/waitlist/${entry}/accept`)
      expect(declined).toMatchObject({ status: 409, body: { message: emergencyContactNeededMessage('Zoe Rule') } })
      expect(await enrollmentsOf(zoe)).toBe(0)

      // The office may enrol first and ask after, whether it enrolls or accepts the offer for the family.
      expect((await admin.post('/api/enrollments', { studentId: mia, classId: cls.id })).status).toBe(201)
      expect((await admin.post(`/api/waitlist/${entry}/accept`)).status).toBe(200)
      expect(await enrollmentsOf(zoe)).toBe(1)

      // A child with a contact given when added is not refused.
      const withContact = await family.client.post('/api/students', {
        fullName: 'Ines Rule',
        dateOfBirth: bornYearsAgo(7),
        experienceLevel: 'Beginner',
        emergencyContact: { name: 'Grandma Rule', phone: '555 010 2030' },
      })
      expect((await family.client.post('/api/enrollments', { studentId: withContact.body.id, classId: cls.id })).status).toBe(201)
    } finally {
      await requireContact(false)
    }
  })
})
