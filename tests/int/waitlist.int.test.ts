import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { runBillingDay } from '#api/scheduled'
import { expireWaitlistOffers } from '#api/waitlist'
import { setAcademyClock, withAcademyClock } from '#api/lib/academy-clock'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { startSmtpListener } from '#tests/support/smtp'

/*
 * The fair waitlist (decisions §15) on real PostgreSQL, with the whole cast: a visitor, family
 * A, family B, a teacher and an administrator. Every refusal leaves the database as it was.
 */

let app: TestApp
let db: pg.Client
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient
let visitor: ApiClient
let familyA: Family
let familyB: Family
let teacher: Family

const HOUR = 3_600_000

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url })
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  familyA = await createFamily(app, 'wait-a')
  familyB = await createFamily(app, 'wait-b')
  teacher = await createFamily(app, 'wait-teacher')
  await app.payload.update({ collection: 'users', id: teacher.userId, data: { isTeacher: true }, overrideAccess: true })
}, 60_000)
afterAll(async () => {
  setAcademyClock(null)
  await db?.end()
  await app?.close()
  await smtp?.close()
})
afterEach(() => setAcademyClock(null))

/** Every row a waitlist call may touch: what a refused call must leave alone. */
async function rows(): Promise<string> {
  const entries = await db.query('SELECT * FROM waitlist_entries ORDER BY id')
  const enrollments = await db.query('SELECT * FROM enrollments ORDER BY id')
  const classes = await db.query('SELECT id, capacity FROM classes ORDER BY id')
  return JSON.stringify([entries.rows, enrollments.rows, classes.rows])
}

async function entry(id: number) {
  const { rows: found } = await db.query('SELECT * FROM waitlist_entries WHERE id = $1', [id])
  return found[0]
}

async function statusesOf(ids: number[]): Promise<string[]> {
  const { rows: found } = await db.query('SELECT id, status FROM waitlist_entries WHERE id = ANY($1::int[])', [ids])
  const byId = new Map(found.map((row) => [row.id as number, row.status as string]))
  return ids.map((id) => byId.get(id) ?? 'missing')
}

async function enrolledIn(classId: number): Promise<number> {
  const { rows: found } = await db.query('SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1', [classId])
  return found[0].n
}

async function enroll(studentId: number, classId: number): Promise<number> {
  const doc = await app.payload.create({
    collection: 'enrollments',
    data: { student: studentId, class: classId, enrollmentDate: '2026-09-01' },
    overrideAccess: true,
  })
  return doc.id as number
}

/** A class of `capacity` places, all taken by students of family B; returns the class and the enrollments. */
async function fullClass(capacity = 1): Promise<{ id: number; name: string; enrollments: number[] }> {
  const cls = await addClass(app, { ageGroup: '6-8', capacity })
  const enrollments: number[] = []
  for (let i = 0; i < capacity; i++) enrollments.push(await enroll(await addStudent(app, familyB.userId, `Seated ${i}`, 7), cls.id))
  return { ...cls, enrollments }
}

describe('joining a waitlist', () => {
  it('puts a family in line for a full class, first come first, and tells it its position', async () => {
    const cls = await fullClass(1)
    const first = await addStudent(app, familyA.userId, 'First Inline', 7)
    const second = await addStudent(app, familyB.userId, 'Second Inline', 7)
    const a = await familyA.client.post('/api/waitlist', { studentId: first, classId: cls.id })
    expect(a.status, JSON.stringify(a.body)).toBe(201)
    expect(a.body).toMatchObject({
      studentId: first,
      studentName: 'First Inline',
      classId: cls.id,
      className: cls.name,
      status: 'waiting',
      position: 1,
      offerExpiresAt: null,
    })
    const b = await familyB.client.post('/api/waitlist', { studentId: second, classId: cls.id })
    expect(b.status).toBe(201)
    expect(b.body.position).toBe(2)

    const mine = await familyB.client.get('/api/waitlist')
    expect(mine.status).toBe(200)
    expect(mine.body.filter((e: { classId: number }) => e.classId === cls.id)).toEqual([
      expect.objectContaining({ id: b.body.id, position: 2, status: 'waiting' }),
    ])
    // Family A sees only its own entries.
    const theirs = (await familyA.client.get('/api/waitlist')).body as Array<{ id: number }>
    expect(theirs.map((e) => e.id)).toContain(a.body.id)
    expect(theirs.map((e) => e.id)).not.toContain(b.body.id)
    expect(await entry(a.body.id)).toMatchObject({ status: 'waiting', family_id: familyA.userId })
  })

  it('refuses, with its message, every join the rules forbid, and changes nothing', async () => {
    const cls = await fullClass(1)
    const open = await addClass(app, { ageGroup: '6-8', capacity: 5 })
    const mine = await addStudent(app, familyA.userId, 'Refused Joiner', 7)
    const tooOld = await addStudent(app, familyA.userId, 'Too Old', 15)
    const seated = (await app.payload.findByID({ collection: 'enrollments', id: cls.enrollments[0]!, depth: 1, overrideAccess: true })).student as {
      id: number
      fullName: string
    }
    expect((await familyA.client.post('/api/waitlist', { studentId: mine, classId: cls.id })).status).toBe(201)
    const before = await rows()
    const cases: Array<[ApiClient, unknown, number, string]> = [
      [familyA.client, { studentId: mine, classId: cls.id }, 409, 'This student is already on the waitlist for this class.'],
      [familyA.client, { studentId: mine, classId: open.id }, 409, 'This class has free places: enroll instead of joining the waitlist.'],
      [familyA.client, { studentId: tooOld, classId: cls.id }, 400, `Too Old is not in the age group of ${cls.name} (ages 6-8).`],
      [familyB.client, { studentId: seated.id, classId: cls.id }, 409, `${seated.fullName} is already enrolled in ${cls.name}.`],
      [familyA.client, { classId: cls.id }, 400, 'Please select a student'],
      [familyA.client, { studentId: mine, classId: 'x' }, 400, 'Please select a class'],
      [familyA.client, { studentId: mine, classId: 99_999_999 }, 404, 'Class not found'],
      [familyB.client, { studentId: mine, classId: cls.id }, 404, 'Student not found'],
      [teacher.client, { studentId: mine, classId: cls.id }, 404, 'Student not found'],
      [visitor, { studentId: mine, classId: cls.id }, 401, 'Please log in to continue.'],
    ]
    for (const [client, body, status, message] of cases) {
      const res = await client.post('/api/waitlist', body)
      expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(status)
      expect(res.body.message).toBe(message)
    }
    expect(await rows()).toBe(before)
  })

  it('lets a teacher who is also a family put its own student in line', async () => {
    const cls = await fullClass(1)
    const own = await addStudent(app, teacher.userId, 'Teacher Child', 7)
    expect((await teacher.client.post('/api/waitlist', { studentId: own, classId: cls.id })).status).toBe(201)
  })
})

describe('offers', () => {
  it('offers a dropped place to the first family by email and in the portal, and holds it against everyone else', async () => {
    const cls = await fullClass(1)
    const first = await addStudent(app, familyA.userId, 'Offer First', 7)
    const second = await addStudent(app, familyA.userId, 'Offer Second', 7)
    const a = (await familyA.client.post('/api/waitlist', { studentId: first, classId: cls.id })).body
    const b = (await familyA.client.post('/api/waitlist', { studentId: second, classId: cls.id })).body

    const drop = await admin.delete(`/api/enrollments/${cls.enrollments[0]}`)
    expect(drop.status).toBe(200)
    const offered = await entry(a.id)
    expect(offered.status).toBe('offered')
    expect(new Date(offered.offer_expires_at).getTime() - new Date(offered.offered_at).getTime()).toBe(48 * HOUR)
    expect((await entry(b.id)).status).toBe('waiting')

    const list = (await familyA.client.get('/api/waitlist')).body as Array<{
      id: number
      status: string
      position: number | null
      offerExpiresAt: string | null
    }>
    expect(list.find((e) => e.id === a.id)).toMatchObject({ status: 'offered', position: null, offerExpiresAt: expect.any(String) })
    expect(list.find((e) => e.id === b.id)).toMatchObject({ status: 'waiting', position: 1 })

    const mail = await smtp.waitFor((m) => m.to.includes(familyA.email) && m.subject.includes('Offer First'))
    expect(mail.subject).toBe(`A place in ${cls.name} is offered to Offer First`)
    expect(mail.text).toContain(`${app.url}/dashboard`)
    expect(mail.text).toContain('48 hours')

    // The held place is not free: neither a family nor an administrator can enroll someone else into it.
    const outsider = await addStudent(app, familyB.userId, 'Outsider', 7)
    const before = await rows()
    for (const client of [familyB.client, admin]) {
      const res = await client.post('/api/enrollments', { studentId: outsider, classId: cls.id })
      expect(res.status).toBe(409)
      expect(res.body.message).toBe('This class is full.')
    }
    // A class whose free places are all held can still be joined.
    expect(await rows()).toBe(before)
    expect((await familyB.client.post('/api/waitlist', { studentId: outsider, classId: cls.id })).body.position).toBe(2)
  })

  it('enrolls on accept, and refuses another family, a teacher, a visitor and a second accept without changing anything', async () => {
    const cls = await fullClass(1)
    const student = await addStudent(app, familyA.userId, 'Accepting Child', 7)
    const a = (await familyA.client.post('/api/waitlist', { studentId: student, classId: cls.id })).body
    await admin.delete(`/api/enrollments/${cls.enrollments[0]}`)
    const before = await rows()
    expect((await familyB.client.post(`/api/waitlist/${a.id}/accept`)).status).toBe(404)
    expect((await teacher.client.post(`/api/waitlist/${a.id}/accept`)).status).toBe(404)
    expect((await visitor.post(`/api/waitlist/${a.id}/accept`)).status).toBe(401)
    expect((await familyB.client.post(`/api/waitlist/${a.id}/decline`)).status).toBe(404)
    expect((await familyB.client.delete(`/api/waitlist/${a.id}`)).status).toBe(404)
    expect((await familyA.client.post('/api/waitlist/abc/accept')).status).toBe(404)
    expect(await rows()).toBe(before)

    const res = await familyA.client.post(`/api/waitlist/${a.id}/accept`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ id: a.id, status: 'accepted' })
    const { rows: enrolled } = await db.query('SELECT student_id FROM enrollments WHERE class_id = $1', [cls.id])
    expect(enrolled.map((r) => r.student_id)).toEqual([student])
    // The family is told, as for any enrollment.
    const mail = await smtp.waitFor((m) => m.to.includes(familyA.email) && m.subject === `Enrollment confirmed: Accepting Child in ${cls.name}`)
    expect(mail.text).toContain('Accepting Child')

    const after = await rows()
    const again = await familyA.client.post(`/api/waitlist/${a.id}/accept`)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('There is no open offer on this waitlist entry.')
    expect(await rows()).toBe(after)
  })

  it('offers the place to the next family when one declines, and when a family leaves with an offer', async () => {
    const cls = await fullClass(1)
    const ids: number[] = []
    for (const name of ['Decliner', 'Leaver', 'Third']) {
      const student = await addStudent(app, familyA.userId, name, 7)
      ids.push((await familyA.client.post('/api/waitlist', { studentId: student, classId: cls.id })).body.id as number)
    }
    await admin.delete(`/api/enrollments/${cls.enrollments[0]}`)
    expect((await entry(ids[0]!)).status).toBe('offered')
    const declined = await familyA.client.post(`/api/waitlist/${ids[0]}/decline`)
    expect(declined.status).toBe(200)
    expect(declined.body.status).toBe('declined')
    expect((await entry(ids[1]!)).status).toBe('offered')
    const left = await familyA.client.delete(`/api/waitlist/${ids[1]}`)
    expect(left.status).toBe(200)
    expect(left.body.status).toBe('cancelled')
    expect((await entry(ids[2]!)).status).toBe('offered')
    // Declining what is not offered is refused and changes nothing.
    const before = await rows()
    expect((await familyA.client.post(`/api/waitlist/${ids[0]}/decline`)).status).toBe(409)
    expect((await familyA.client.delete(`/api/waitlist/${ids[1]}`)).status).toBe(409)
    expect(await rows()).toBe(before)
  })

  it('moves everyone behind a family that leaves up one place', async () => {
    const cls = await fullClass(1)
    const ids: number[] = []
    for (const name of ['Queue One', 'Queue Two', 'Queue Three']) {
      const student = await addStudent(app, familyA.userId, name, 7)
      ids.push((await familyA.client.post('/api/waitlist', { studentId: student, classId: cls.id })).body.id as number)
    }
    expect((await familyA.client.delete(`/api/waitlist/${ids[0]}`)).status).toBe(200)
    const list = (await familyA.client.get('/api/waitlist')).body as Array<{ id: number; position: number }>
    expect(list.filter((e) => ids.includes(e.id)).map((e) => [e.id, e.position])).toEqual([
      [ids[1], 1],
      [ids[2], 2],
    ])
  })

  it('offers places when an administrator raises the capacity, and when an enrollment ends', async () => {
    const cls = await fullClass(1)
    const ids: number[] = []
    for (const name of ['Raised One', 'Raised Two', 'Raised Three']) {
      const student = await addStudent(app, familyA.userId, name, 7)
      ids.push((await familyA.client.post('/api/waitlist', { studentId: student, classId: cls.id })).body.id as number)
    }
    expect((await admin.patch(`/api/classes/${cls.id}`, { capacity: 3 })).status).toBe(200)
    expect(await statusesOf(ids)).toEqual(['offered', 'offered', 'waiting'])
    // The seated student's last day was in the past: the place is free again.
    await app.payload.update({ collection: 'enrollments', id: cls.enrollments[0]!, data: { endDate: '2026-10-01' }, overrideAccess: true })
    expect((await entry(ids[2]!)).status).toBe('offered')
  })
})

describe('expiry', () => {
  it('lets an offer run out after the configured hours and offers the next family, on the next read', async () => {
    expect((await admin.put('/api/admin/studio-settings', { waitlistOfferHours: 2, dropNoticeDays: 7, makeupWindowDays: 30 })).status).toBe(200)
    const cls = await fullClass(1)
    const ids: number[] = []
    for (const name of ['Slow One', 'Quick Two']) {
      const student = await addStudent(app, familyA.userId, name, 7)
      ids.push((await familyA.client.post('/api/waitlist', { studentId: student, classId: cls.id })).body.id as number)
    }
    await admin.delete(`/api/enrollments/${cls.enrollments[0]}`)
    const offered = await entry(ids[0]!)
    expect(new Date(offered.offer_expires_at).getTime() - new Date(offered.offered_at).getTime()).toBe(2 * HOUR)

    const later = new Date(Date.now() + 2 * HOUR + 60_000)
    setAcademyClock(() => later)
    const res = await familyA.client.post(`/api/waitlist/${ids[0]}/accept`)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('There is no open offer on this waitlist entry.')
    expect((await entry(ids[0]!)).status).toBe('expired')
    expect((await entry(ids[1]!)).status).toBe('offered')
    expect(await enrolledIn(cls.id)).toBe(0)
    expect((await admin.put('/api/admin/studio-settings', { waitlistOfferHours: 48, dropNoticeDays: 7, makeupWindowDays: 30 })).status).toBe(200)
  })

  it('refuses to accept an offer at the moment it runs out, and offers the next family', async () => {
    const cls = await fullClass(1)
    const ids: number[] = []
    for (const name of ['Edge One', 'Edge Two']) {
      const student = await addStudent(app, familyA.userId, name, 7)
      ids.push((await familyA.client.post('/api/waitlist', { studentId: student, classId: cls.id })).body.id as number)
    }
    await admin.delete(`/api/enrollments/${cls.enrollments[0]}`)
    const expiresAt = new Date((await entry(ids[0]!)).offer_expires_at)
    // The sweep before the lock (settleClass) sees the world a moment earlier; the accept itself,
    // under the lock, sees the offer run out. Chosen by the caller, not by counting calls: a
    // cache or a task left by another file may read the clock first.
    const beforeExpiry = new Date(expiresAt.getTime() - 1000)
    setAcademyClock(() => (new Error().stack?.includes('settleClass') ? beforeExpiry : expiresAt))
    const res = await familyA.client.post(`/api/waitlist/${ids[0]}/accept`)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('This offer has expired.')
    expect((await entry(ids[0]!)).status).toBe('expired')
    expect((await entry(ids[1]!)).status).toBe('offered')
  })

  it('expireWaitlistOffers (for a periodic job) lets every expired offer go and offers the next families', async () => {
    const cls = await fullClass(2)
    const ids: number[] = []
    for (const name of ['Job One', 'Job Two', 'Job Three', 'Job Four']) {
      const student = await addStudent(app, familyA.userId, name, 7)
      ids.push((await familyA.client.post('/api/waitlist', { studentId: student, classId: cls.id })).body.id as number)
    }
    for (const id of cls.enrollments) await admin.delete(`/api/enrollments/${id}`)
    expect((await entry(ids[1]!)).status).toBe('offered')
    const result = await withAcademyClock(
      () => new Date(Date.now() + 49 * HOUR),
      () => expireWaitlistOffers(app.payload),
    )
    expect(result.expired).toBeGreaterThanOrEqual(2)
    expect(result.offered).toBeGreaterThanOrEqual(2)
    expect(await statusesOf(ids)).toEqual(['expired', 'expired', 'offered', 'offered'])
  })

  it('the hourly tick of the scheduled jobs lets an expired offer go and offers the place to the next family', async () => {
    const cls = await fullClass(1)
    const ids: number[] = []
    for (const name of ['Tick One', 'Tick Two']) {
      const student = await addStudent(app, familyA.userId, name, 7)
      ids.push((await familyA.client.post('/api/waitlist', { studentId: student, classId: cls.id })).body.id as number)
    }
    await admin.delete(`/api/enrollments/${cls.enrollments[0]!}`)
    expect(await statusesOf(ids)).toEqual(['offered', 'waiting'])
    // An hour before the offer runs out the tick changes nothing; after it, the place moves on.
    const early = await withAcademyClock(
      () => new Date(Date.now() + 47 * HOUR),
      () => runBillingDay(app.payload),
    )
    expect(early.waitlist).toMatchObject({ outcome: 'applied' })
    expect(await statusesOf(ids)).toEqual(['offered', 'waiting'])
    const late = await withAcademyClock(
      () => new Date(Date.now() + 49 * HOUR),
      () => runBillingDay(app.payload),
    )
    expect(late.waitlist).toMatchObject({ outcome: 'applied' })
    expect(await statusesOf(ids)).toEqual(['expired', 'offered'])
  })
})

describe('administrators', () => {
  it('see each waitlist with positions; nobody else does', async () => {
    const cls = await fullClass(1)
    for (const name of ['Listed One', 'Listed Two']) {
      const student = await addStudent(app, familyA.userId, name, 7)
      await familyA.client.post('/api/waitlist', { studentId: student, classId: cls.id })
    }
    const res = await admin.get(`/api/admin/waitlist?classId=${cls.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      expect.objectContaining({
        classId: cls.id,
        className: cls.name,
        capacity: 1,
        enrolled: 1,
        held: 0,
        entries: [
          expect.objectContaining({ studentName: 'Listed One', position: 1, familyName: familyA.fullName, familyEmail: familyA.email }),
          expect.objectContaining({ studentName: 'Listed Two', position: 2 }),
        ],
      }),
    ])
    expect((await admin.get('/api/admin/waitlist')).body.map((w: { classId: number }) => w.classId)).toContain(cls.id)
    expect((await admin.get('/api/admin/waitlist?classId=abc')).status).toBe(400)
    expect((await visitor.get('/api/admin/waitlist')).status).toBe(401)
    expect((await familyA.client.get('/api/admin/waitlist')).status).toBe(403)
    expect((await teacher.client.get('/api/admin/waitlist')).status).toBe(403)
  })

  it('override the order only with a reason, which is recorded with who and when', async () => {
    const cls = await fullClass(1)
    const ids: number[] = []
    for (const name of ['Patient One', 'Patient Two', 'Favoured Three']) {
      const student = await addStudent(app, familyA.userId, name, 7)
      ids.push((await familyA.client.post('/api/waitlist', { studentId: student, classId: cls.id })).body.id as number)
    }
    const path = `/api/admin/waitlist/${ids[2]}/override`
    const before = await rows()
    const refusals: Array<[ApiClient, unknown, number, string]> = [
      [admin, { action: 'offer' }, 400, 'Please give a reason (at most 500 characters)'],
      [admin, { action: 'offer', reason: '   ' }, 400, 'Please give a reason (at most 500 characters)'],
      [admin, { action: 'offer', reason: 'x'.repeat(501) }, 400, 'Please give a reason (at most 500 characters)'],
      [admin, { action: 'jump', reason: 'Sibling already in class' }, 400, 'Action must be "offer" or "enroll"'],
      [familyA.client, { action: 'offer', reason: 'Please' }, 403, 'You do not have administrator privileges.'],
      [teacher.client, { action: 'offer', reason: 'Please' }, 403, 'You do not have administrator privileges.'],
      [visitor, { action: 'offer', reason: 'Please' }, 401, 'Please log in to continue.'],
    ]
    for (const [client, body, status, message] of refusals) {
      const res = await client.post(path, body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      expect(res.body.message).toBe(message)
    }
    expect((await admin.post('/api/admin/waitlist/99999999/override', { action: 'offer', reason: 'x' })).status).toBe(404)
    expect(await rows()).toBe(before)

    const res = await admin.post(path, { action: 'offer', reason: 'Sibling already in class' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({
      status: 'waiting',
      position: 1,
      overrideAction: 'offer',
      overrideReason: 'Sibling already in class',
      overrideBy: expect.any(String),
      overrideAt: expect.any(String),
    })
    // The next free place goes to the favoured family.
    await admin.delete(`/api/enrollments/${cls.enrollments[0]}`)
    expect(await statusesOf(ids)).toEqual(['waiting', 'waiting', 'offered'])

    // Enroll out of order: even into a full class, recorded.
    const enrolled = await admin.post(`/api/admin/waitlist/${ids[1]}/override`, { action: 'enroll', reason: 'Teacher agreed to one more' })
    expect(enrolled.status).toBe(200)
    expect(enrolled.body).toMatchObject({ status: 'accepted', overrideAction: 'enroll', overrideReason: 'Teacher agreed to one more' })
    expect(await enrolledIn(cls.id)).toBe(1)
    await smtp.waitFor((m) => m.to.includes(familyA.email) && m.subject === `Enrollment confirmed: Patient Two in ${cls.name}`)
    const listed = (await admin.get(`/api/admin/waitlist?classId=${cls.id}`)).body[0].entries as Array<{ id: number; overrideReason: string | null }>
    expect(listed.find((e) => e.id === ids[1])?.overrideReason).toBe('Teacher agreed to one more')
  })

  it('remove an entry only with a reason; a held offer goes to the next family', async () => {
    const cls = await fullClass(1)
    const ids: number[] = []
    for (const name of ['Removed One', 'Next Two']) {
      const student = await addStudent(app, familyA.userId, name, 7)
      ids.push((await familyA.client.post('/api/waitlist', { studentId: student, classId: cls.id })).body.id as number)
    }
    await admin.delete(`/api/enrollments/${cls.enrollments[0]}`)
    const before = await rows()
    expect((await admin.post(`/api/admin/waitlist/${ids[0]}/remove`, {})).status).toBe(400)
    expect((await familyA.client.post(`/api/admin/waitlist/${ids[0]}/remove`, { reason: 'x' })).status).toBe(403)
    expect(await rows()).toBe(before)
    const res = await admin.post(`/api/admin/waitlist/${ids[0]}/remove`, { reason: 'Family moved away' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'removed', removalReason: 'Family moved away', removedBy: expect.any(String) })
    expect((await entry(ids[1]!)).status).toBe('offered')
  })
})

describe('concurrency', () => {
  it('10 simultaneous drops with 10 waiting families make exactly 10 offers, in order, and 10 simultaneous accepts fill the class exactly', async () => {
    const cls = await fullClass(10)
    const waiting: Array<{ family: Family; entryId: number }> = []
    for (let i = 0; i < 12; i++) {
      const family = await createFamily(app, `crowd-${i}`)
      const student = await addStudent(app, family.userId, `Crowd ${i}`, 7)
      const res = await family.client.post('/api/waitlist', { studentId: student, classId: cls.id })
      expect(res.status).toBe(201)
      waiting.push({ family, entryId: res.body.id })
    }
    const drops = await Promise.all(cls.enrollments.map((id) => admin.delete(`/api/enrollments/${id}`)))
    expect(drops.map((r) => r.status)).toEqual(Array(10).fill(200))
    const statuses = await statusesOf(waiting.map((w) => w.entryId))
    expect(statuses).toEqual([...Array(10).fill('offered'), 'waiting', 'waiting'])

    // Outsiders trying to enroll at the same time as the accepts get nothing.
    const outsider = await addStudent(app, familyB.userId, 'Crowd Outsider', 7)
    const [accepts, outside] = await Promise.all([
      Promise.all(waiting.slice(0, 10).map((w) => w.family.client.post(`/api/waitlist/${w.entryId}/accept`))),
      familyB.client.post('/api/enrollments', { studentId: outsider, classId: cls.id }),
    ])
    expect(accepts.map((r) => r.status)).toEqual(Array(10).fill(200))
    expect(outside.status).toBe(409)
    expect(await enrolledIn(cls.id)).toBe(10)
  }, 120_000)

  it('the same offer accepted twice at once makes one enrollment', async () => {
    const cls = await fullClass(1)
    const student = await addStudent(app, familyA.userId, 'Double Clicker', 7)
    const a = (await familyA.client.post('/api/waitlist', { studentId: student, classId: cls.id })).body
    await admin.delete(`/api/enrollments/${cls.enrollments[0]}`)
    const results = await Promise.all(Array.from({ length: 5 }, () => familyA.client.post(`/api/waitlist/${a.id}/accept`)))
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409])
    expect(await enrolledIn(cls.id)).toBe(1)
  })

  it('simultaneous drops, accepts and plain enrollments never overfill a class', async () => {
    const cls = await fullClass(4)
    const entries: Array<{ family: Family; id: number }> = []
    for (let i = 0; i < 6; i++) {
      const family = await createFamily(app, `mix-${i}`)
      const student = await addStudent(app, family.userId, `Mix ${i}`, 7)
      entries.push({ family, id: (await family.client.post('/api/waitlist', { studentId: student, classId: cls.id })).body.id })
    }
    const outsiders = await Promise.all(Array.from({ length: 4 }, (_, i) => addStudent(app, familyB.userId, `Mix Outsider ${i}`, 7)))
    await Promise.all([
      ...cls.enrollments.map((id) => admin.delete(`/api/enrollments/${id}`)),
      ...entries.map((e) => e.family.client.post(`/api/waitlist/${e.id}/accept`)),
      ...outsiders.map((s) => familyB.client.post('/api/enrollments', { studentId: s, classId: cls.id })),
    ])
    // Whatever the interleaving: never above capacity, no outsider seated, and every place either taken or offered.
    for (const e of entries) await e.family.client.post(`/api/waitlist/${e.id}/accept`)
    const seated = await db.query('SELECT student_id FROM enrollments WHERE class_id = $1', [cls.id])
    expect(seated.rows.length).toBe(4)
    expect(seated.rows.map((r) => r.student_id)).not.toContain(outsiders[0])
    const statuses = await statusesOf(entries.map((e) => e.id))
    expect(statuses).toEqual(['accepted', 'accepted', 'accepted', 'accepted', 'waiting', 'waiting'])
  }, 120_000)
})

describe('cascades', () => {
  it('a deleted class takes its waitlist with it and mails no offer', async () => {
    const cls = await fullClass(1)
    const student = await addStudent(app, familyA.userId, 'Cascade Child', 7)
    const a = (await familyA.client.post('/api/waitlist', { studentId: student, classId: cls.id })).body
    expect((await admin.delete(`/api/classes/${cls.id}`)).status).toBe(200)
    expect(await entry(a.id)).toBeUndefined()
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.messages.some((m) => m.subject.includes('Cascade Child'))).toBe(false)
  })
})
