import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { emergencyContactNeededMessage } from '#api/care/schemas'
import { expireWaitlistOffers } from '#api/waitlist'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { addPolicy } from '#tests/support/policies'

/**
 * Admission's one table (ADR 024) through the real database, where the paths used to disagree:
 * the quote refuses the contact and the documents enrolling refuses (the office's quote does not),
 * and an offer with no expiry has lapsed in every reading: it holds no place and is let go.
 */
let app: TestApp
let admin: ApiClient
let family: Family

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'admission')
})
afterAll(async () => {
  await app?.close()
})

const quotePath = (studentId: number, classId: number) => `/api/enrollments/quote?studentId=${studentId}&classId=${classId}`

describe('the quote asks what enrolling asks', () => {
  it('refuses while a required document is unsigned, with the words enrolling gives; the office is quoted', async () => {
    const cls = await addClass(app)
    const student = await addStudent(app, family.userId, 'Ada Admission')
    const policy = await addPolicy(app, { title: 'Admission Waiver' })
    try {
      const quoted = await family.client.get(quotePath(student, cls.id))
      const enrolled = await family.client.post('/api/enrollments', { studentId: student, classId: cls.id })
      expect(quoted.status).toBe(409)
      expect(quoted.body.message).toContain('Admission Waiver')
      expect(enrolled).toMatchObject({ status: 409, body: { message: quoted.body.message } })
      expect((await admin.get(quotePath(student, cls.id))).status).toBe(200)
    } finally {
      await app.payload.delete({ collection: 'policy-documents', id: policy.id, overrideAccess: true })
    }
    expect((await family.client.get(quotePath(student, cls.id))).status).toBe(200)
  })

  it('refuses a first class without an emergency contact when the studio asks for one; the office is quoted', async () => {
    const cls = await addClass(app)
    const student = await addStudent(app, family.userId, 'Noor Nocontact', 7, { emergencyContact: null })
    await app.payload.updateGlobal({ slug: 'studio-settings', data: { emergencyContactRequired: true }, overrideAccess: true })
    try {
      const quoted = await family.client.get(quotePath(student, cls.id))
      expect(quoted).toMatchObject({ status: 409, body: { message: emergencyContactNeededMessage('Noor Nocontact') } })
      expect((await admin.get(quotePath(student, cls.id))).status).toBe(200)
    } finally {
      await app.payload.updateGlobal({ slug: 'studio-settings', data: { emergencyContactRequired: false }, overrideAccess: true })
    }
  })
})

describe('an offer with no expiry', () => {
  it('holds no place, reads as expired, and the waitlist’s work lets it go', async () => {
    const cls = await addClass(app, { capacity: 1 })
    const other = await createFamily(app, 'admission-offer')
    const waiting = await addStudent(app, other.userId, 'Omar Offered')
    // Only a hand edit in /cms leaves an offer without its expiry.
    const entry = await app.payload.create({
      collection: 'waitlist-entries',
      overrideAccess: true,
      data: { class: cls.id, student: waiting, family: other.userId, status: 'offered', offeredAt: new Date().toISOString() },
    })
    expect((await other.client.get('/api/waitlist')).body).toEqual([])

    const student = await addStudent(app, family.userId, 'Pia Place')
    expect((await family.client.post('/api/enrollments', { studentId: student, classId: cls.id })).status).toBe(201)

    await expireWaitlistOffers(app.payload)
    const after = await app.payload.findByID({ collection: 'waitlist-entries', id: entry.id, depth: 0, overrideAccess: true })
    expect(after.status).toBe('expired')
  })
})
