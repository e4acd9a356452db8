import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CARE_MESSAGES } from '#api/care/schemas'
import { VIEW_ONLY_MESSAGE } from '#shared/roles'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, createTeacher, type Family } from '#tests/support/families'
import { uniqueName } from '#tests/support/postgres'

/**
 * An authorised pickup's optional photo (issue 24): the household sets, replaces and removes it;
 * the household, the administrators and the teachers of the child's classes see it; everyone
 * else gets 404, as for the care information; the server keeps only real, small images, and the
 * photo leaves with its pickup and its student.
 */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const JPEG_HEADER = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])

let app: TestApp
let admin: ApiClient
let family: Family
let other: Family
let teacher: Family
let otherTeacher: Family
let mia: number
let pickup: number

const photoPath = (student: number, id: number) => `/api/students/${student}/pickups/${id}/photo`

/** The photo's bytes as a browser's <img> gets them: the session cookie, no Origin, same-origin (the JSON client would read them as text). */
async function fetchPhoto(client: ApiClient | null, path: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'image' }
  if (client) headers.cookie = client.sessionCookie
  const response = await fetch(app.url + path, { headers })
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) }
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'photo-family')
  other = await createFamily(app, 'photo-other')
  teacher = await createTeacher(app, 'photo-teacher')
  otherTeacher = await createTeacher(app, 'photo-teacher-b')
  const cls = await addClass(app, { name: uniqueName('Photo Class') })
  await app.payload.update({ collection: 'classes', id: cls.id, data: { teacher: teacher.userId }, overrideAccess: true })
  mia = await addStudent(app, family.userId, 'Mia Photo', 7)
  await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student: mia, class: cls.id, enrollmentDate: '2026-09-01' } })
  const added = await family.client.post(`/api/students/${mia}/pickups`, { name: 'Aunt Rosa', relationship: 'Aunt', phone: '555 010 4141' })
  expect(added.status).toBe(201)
  pickup = added.body.id
})

afterAll(async () => {
  await app?.close()
})

describe('a pickup photo', () => {
  it('is set by the household and seen by it, the office and the child’s teacher, and by nobody else', async () => {
    const saved = await family.client.put(photoPath(mia, pickup), { image: `data:image/png;base64,${PNG}` })
    expect(saved.status).toBe(200)
    expect(saved.body.photoUrl).toMatch(new RegExp(`^${photoPath(mia, pickup)}\\?v=\\d+$`))
    const care = await teacher.client.get(`/api/students/${mia}/care`)
    expect(care.body.pickups[0].photoUrl).toBe(saved.body.photoUrl)

    for (const reader of [family.client, admin, teacher.client]) {
      const photo = await fetchPhoto(reader, saved.body.photoUrl)
      expect([photo.status, photo.type]).toEqual([200, 'image/png'])
      expect(photo.bytes.equals(Buffer.from(PNG, 'base64'))).toBe(true)
    }
    expect((await fetchPhoto(other.client, photoPath(mia, pickup))).status).toBe(404)
    expect((await fetchPhoto(otherTeacher.client, photoPath(mia, pickup))).status).toBe(404)
    expect((await fetchPhoto(null, photoPath(mia, pickup))).status).toBe(401)
    // Nobody reaches the stored rows through Payload's own REST, the office included.
    const rest = await admin.get('/cms-api/pickup-photos')
    expect([403, 404]).toContain(rest.status)
    expect(rest.body.docs).toBeUndefined()
  })

  it('refuses what is not a small JPEG, PNG or WebP, another family and a teacher, changing nothing', async () => {
    const before = await fetchPhoto(family.client, photoPath(mia, pickup))
    const notImage = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')
    const huge = Buffer.concat([JPEG_HEADER, Buffer.alloc(310 * 1024, 7)]).toString('base64')
    for (const [body, message] of [
      [{}, CARE_MESSAGES.photoRequired],
      [{ image: 'https://example.com/a.png' }, CARE_MESSAGES.photoType],
      [{ image: `data:image/svg+xml;base64,${notImage}` }, CARE_MESSAGES.photoType],
      [{ image: `data:image/png;base64,${notImage}` }, CARE_MESSAGES.photoType],
      [{ image: `data:image/jpeg;base64,${huge}` }, CARE_MESSAGES.photoTooLarge],
    ] as const) {
      const refused = await family.client.put(photoPath(mia, pickup), body)
      expect([refused.status, refused.body.message]).toEqual([400, message])
    }
    expect((await other.client.put(photoPath(mia, pickup), { image: `data:image/png;base64,${PNG}` })).status).toBe(404)
    expect((await teacher.client.put(photoPath(mia, pickup), { image: `data:image/png;base64,${PNG}` })).status).toBe(403)
    expect((await other.client.delete(photoPath(mia, pickup))).status).toBe(404)
    expect((await family.client.put(photoPath(mia, 999_999), { image: `data:image/png;base64,${PNG}` })).status).toBe(404)
    const after = await fetchPhoto(family.client, photoPath(mia, pickup))
    expect(after.bytes.equals(before.bytes)).toBe(true)
  })

  it('is closed to a view-and-attendance guardian, who still sees it', async () => {
    const username = uniqueName('photo-view').replace(/_/g, '-').toLowerCase().slice(0, 40)
    await app.payload.create({
      collection: 'users',
      overrideAccess: true,
      data: {
        username,
        email: `${username}@example.com`,
        fullName: 'View Guardian',
        password: 'a-long-test-password',
        household: family.userId,
        guardianAccess: 'view',
      },
    })
    const viewer = await new ApiClient(app.url).login(username, 'a-long-test-password')
    const refused = await viewer.put(photoPath(mia, pickup), { image: `data:image/png;base64,${PNG}` })
    expect([refused.status, refused.body.message]).toEqual([403, VIEW_ONLY_MESSAGE])
    expect((await fetchPhoto(viewer, photoPath(mia, pickup))).status).toBe(200)
  })

  it('is removed on its own, and leaves with its pickup and with its student', async () => {
    const removed = await family.client.delete(photoPath(mia, pickup))
    expect(removed.status).toBe(200)
    expect(removed.body.photoUrl).toBeUndefined()
    const gone = await family.client.get(photoPath(mia, pickup))
    expect([gone.status, gone.body.message]).toEqual([404, CARE_MESSAGES.photoNotFound])

    const second = (await family.client.post(`/api/students/${mia}/pickups`, { name: 'Uncle Tom', relationship: 'Uncle', phone: '555 010 4242' })).body.id
    expect((await family.client.put(photoPath(mia, second), { image: `data:image/png;base64,${PNG}` })).status).toBe(200)
    expect((await family.client.delete(`/api/students/${mia}/pickups/${second}`)).status).toBe(200)
    expect((await app.payload.count({ collection: 'pickup-photos', where: { pickup: { equals: second } }, overrideAccess: true })).totalDocs).toBe(0)

    const leo = await addStudent(app, family.userId, 'Leo Photo', 8)
    const his = (await family.client.post(`/api/students/${leo}/pickups`, { name: 'Nana', relationship: 'Grandmother', phone: '555 010 4343' })).body.id
    expect((await family.client.put(photoPath(leo, his), { image: `data:image/png;base64,${PNG}` })).status).toBe(200)
    expect((await family.client.delete(`/api/students/${leo}`)).status).toBe(200)
    expect((await app.payload.count({ collection: 'pickup-photos', overrideAccess: true })).totalDocs).toBe(0)
  })
})
