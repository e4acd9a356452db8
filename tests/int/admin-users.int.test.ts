import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { User } from '#cms/payload-types'
import { startTestApp, ADMIN, FAMILY, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'

let app: TestApp
let admin: ApiClient
let adminId: number
let family: ApiClient

const PASSWORD = 'admin-users-pass-1'
const SECRETS = ['password', 'hash', 'salt', 'resetTokenHash', 'resetTokenExpiry', 'resetPasswordToken', 'loginAttempts', 'lockUntil', 'sessions']

async function createUser(username: string, extra: Partial<User> = {}): Promise<User> {
  return (await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { username, email: `${username}@example.com`, fullName: `Person ${username}`, password: PASSWORD, ...extra },
  })) as User
}

async function signIn(username: string): Promise<ApiClient> {
  return new ApiClient(app.url).login(username, PASSWORD)
}

async function stored(id: number): Promise<User | null> {
  return (await app.payload.findByID({ collection: 'users', id, overrideAccess: true, disableErrors: true })) as User | null
}

async function countWhere(collection: 'students' | 'enrollments' | 'notification-preferences' | 'payment-methods' | 'invoices' | 'payments', where: object) {
  return (await app.payload.count({ collection, where: where as never, overrideAccess: true })).totalDocs
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  adminId = (await admin.get('/api/user')).body.id
  family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
})
afterAll(async () => {
  await app?.close()
})

describe('GET /api/users', () => {
  it('lists every account for an admin, newest first, without any secret', async () => {
    const older = await createUser('list-older')
    const newer = await createUser('list-newer')
    const res = await admin.get('/api/users')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    const usernames = res.body.map((u: { username: string }) => u.username)
    expect(usernames).toEqual(expect.arrayContaining(['admin', 'family', 'list-older', 'list-newer']))
    expect(usernames.indexOf('list-newer')).toBeLessThan(usernames.indexOf('list-older'))
    const times = res.body.map((u: { createdAt: string }) => Date.parse(u.createdAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    for (const user of res.body) {
      for (const secret of SECRETS) expect(user).not.toHaveProperty(secret)
    }
    expect(res.body.find((u: { id: number }) => u.id === newer.id)).toEqual({
      id: newer.id,
      username: 'list-newer',
      fullName: 'Person list-newer',
      email: 'list-newer@example.com',
      phone: null,
      isActive: true,
      isAdmin: false,
      isTeacher: false,
      createdAt: newer.createdAt,
      // Decisions §23: a household of one is the account itself, with full access.
      householdId: newer.id,
      guardianAccess: 'full',
    })
    expect(res.body.find((u: { id: number }) => u.id === older.id).isAdmin).toBe(false)
    expect(res.body.find((u: { username: string }) => u.username === 'admin').isAdmin).toBe(true)
  })

  it('refuses a family (403) and a visitor (401)', async () => {
    const res = await family.get('/api/users')
    expect(res.status).toBe(403)
    expect(res.body.message).toBeTypeOf('string')
    expect((await new ApiClient(app.url).get('/api/users')).status).toBe(401)
  })
})

describe('PATCH /api/users/{id}/status', () => {
  it("deactivating ends the family's sessions at once, refuses their login, and keeps their data", async () => {
    const user = await createUser('deactivate-me')
    const phone = await signIn('deactivate-me')
    const laptop = await signIn('deactivate-me')
    await phone.post('/api/students', { fullName: 'Kept Student', dateOfBirth: '2015-05-05', experienceLevel: 'Beginner' })
    await app.payload.create({
      collection: 'students',
      overrideAccess: true,
      data: { user: user.id, fullName: 'Second Kept Student', dateOfBirth: '2016-06-06', experienceLevel: 'Beginner' },
    })
    const students = await countWhere('students', { user: { equals: user.id } })
    expect((await phone.get('/api/user')).status).toBe(200)

    const res = await admin.patch(`/api/users/${user.id}/status`, { isActive: false })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: user.id, username: 'deactivate-me', isActive: false, isAdmin: false })
    for (const secret of SECRETS) expect(res.body).not.toHaveProperty(secret)

    expect((await phone.get('/api/user')).status).toBe(401)
    expect((await laptop.get('/api/user')).status).toBe(401)
    const replay = await fetch(`${app.url}/api/user`, { headers: { cookie: phone.sessionCookie, origin: app.url } })
    expect(replay.status).toBe(401)
    const login = await new ApiClient(app.url).post('/api/login', { username: 'deactivate-me', password: PASSWORD })
    expect(login.status).toBe(403)
    expect(login.body.message).toBe('Your account has been deactivated. Please contact the academy.')

    expect(await stored(user.id)).toMatchObject({ isActive: false, fullName: 'Person deactivate-me' })
    expect(await countWhere('students', { user: { equals: user.id } })).toBe(students)
  })

  it('reactivating lets the account sign in again', async () => {
    const user = await createUser('reactivate-me', { isActive: false })
    const res = await admin.patch(`/api/users/${user.id}/status`, { isActive: true })
    expect(res.status).toBe(200)
    expect(res.body.isActive).toBe(true)
    expect((await (await signIn('reactivate-me')).get('/api/user')).status).toBe(200)
  })

  it('refuses a body without a boolean isActive (400) and an unknown user (404)', async () => {
    const user = await createUser('status-validation')
    for (const body of [{}, { isActive: 'no' }, { isActive: 0 }, { isActive: null }]) {
      const res = await admin.patch(`/api/users/${user.id}/status`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toBe('isActive must be true or false')
    }
    expect((await stored(user.id))!.isActive).toBe(true)
    const missing = await admin.patch('/api/users/999999/status', { isActive: false })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('User not found.')
    expect((await admin.patch('/api/users/abc/status', { isActive: false })).status).toBe(404)
  })

  it('refuses a family (403) and a visitor (401); the account is unchanged', async () => {
    const user = await createUser('status-permission')
    const victim = await signIn('status-permission')
    expect((await family.patch(`/api/users/${user.id}/status`, { isActive: false })).status).toBe(403)
    expect((await victim.patch(`/api/users/${user.id}/status`, { isActive: false })).status).toBe(403)
    expect((await new ApiClient(app.url).patch(`/api/users/${user.id}/status`, { isActive: false })).status).toBe(401)
    expect((await stored(user.id))!.isActive).toBe(true)
    expect((await victim.get('/api/user')).status).toBe(200)
  })
})

describe('PATCH /api/users/{id}/teacher', () => {
  it('makes an account a teacher and back, which opens and closes the teacher calls', async () => {
    const user = await createUser('teach-me')
    const client = await signIn('teach-me')
    expect((await client.get('/api/teach/classes')).status).toBe(403)
    const made = await admin.patch(`/api/users/${user.id}/teacher`, { isTeacher: true })
    expect(made.status).toBe(200)
    expect(made.body).toMatchObject({ id: user.id, isTeacher: true, isAdmin: false })
    expect((await client.get('/api/teach/classes')).status).toBe(200)
    expect((await client.get('/api/users')).status).toBe(403)
    const unmade = await admin.patch(`/api/users/${user.id}/teacher`, { isTeacher: false })
    expect(unmade.body.isTeacher).toBe(false)
    expect((await client.get('/api/teach/classes')).status).toBe(403)
    expect((await stored(user.id))!.isTeacher).toBe(false)
  })

  it('taking the flag off frees the classes that named the account, in the same change', async () => {
    const user = await createUser('teach-leaving', { isTeacher: true })
    const kept = await createUser('teach-staying', { isTeacher: true })
    const fields = { description: 'd', ageGroup: '6-8', level: 'Beginner', days: 'Monday', time: '4:00-5:00pm', location: 'A', instructor: 'I', price: 6500 }
    const taught = await app.payload.create({ collection: 'classes', overrideAccess: true, data: { ...fields, name: 'Leaving class', teacher: user.id } })
    const other = await app.payload.create({ collection: 'classes', overrideAccess: true, data: { ...fields, name: 'Staying class', teacher: kept.id } })
    const teacherOf = async (id: number) => {
      const doc = await app.payload.findByID({ collection: 'classes', id, depth: 0, overrideAccess: true })
      return doc.teacher ?? null
    }
    expect((await admin.patch(`/api/users/${user.id}/teacher`, { isTeacher: false })).status).toBe(200)
    expect(await teacherOf(taught.id)).toBeNull()
    expect(await teacherOf(other.id)).toBe(kept.id)
    await app.payload.delete({ collection: 'classes', where: { id: { in: [taught.id, other.id] } }, overrideAccess: true })
  })

  it('refuses a bad body (400), an unknown user (404), a family and a teacher (403), a visitor (401); nothing changes', async () => {
    const user = await createUser('teach-refused')
    const teacher = await createUser('teach-already', { isTeacher: true })
    const teacherClient = await signIn('teach-already')
    const bad = await admin.patch(`/api/users/${user.id}/teacher`, { isTeacher: 'yes' })
    expect([bad.status, bad.body.message]).toEqual([400, 'isTeacher must be true or false'])
    expect((await admin.patch('/api/users/999999/teacher', { isTeacher: true })).status).toBe(404)
    expect((await family.patch(`/api/users/${user.id}/teacher`, { isTeacher: true })).status).toBe(403)
    expect((await teacherClient.patch(`/api/users/${user.id}/teacher`, { isTeacher: true })).status).toBe(403)
    expect((await new ApiClient(app.url).patch(`/api/users/${user.id}/teacher`, { isTeacher: true })).status).toBe(401)
    // A teacher cannot grant themselves administrator rights through /cms-api either.
    expect((await teacherClient.patch(`/cms-api/users/${teacher.id}`, { isAdmin: true })).body?.doc?.isAdmin ?? false).toBe(false)
    // Nor can a family make itself a teacher there: the field is an administrator's.
    await (await signIn('teach-refused')).patch(`/cms-api/users/${user.id}`, { isTeacher: true })
    expect((await stored(user.id))!.isTeacher).toBe(false)
    expect((await stored(teacher.id))!.isAdmin).toBe(false)
  })
})

describe('PATCH /api/users/{id}/admin', () => {
  it('grants and revokes administrator privileges, effective on the next request', async () => {
    const user = await createUser('promote-me')
    const client = await signIn('promote-me')
    expect((await client.get('/api/users')).status).toBe(403)

    const promoted = await admin.patch(`/api/users/${user.id}/admin`, { isAdmin: true })
    expect(promoted.status).toBe(200)
    expect(promoted.body).toMatchObject({ id: user.id, isAdmin: true, isActive: true })
    expect((await client.get('/api/users')).status).toBe(200)

    const demoted = await admin.patch(`/api/users/${user.id}/admin`, { isAdmin: false })
    expect(demoted.status).toBe(200)
    expect(demoted.body.isAdmin).toBe(false)
    expect((await client.get('/api/users')).status).toBe(403)
    expect((await stored(user.id))!.isAdmin).toBe(false)
  })

  it("refuses to strip the built-in 'admin' account, whose username always makes it an administrator", async () => {
    const other = await createUser('second-admin', { isAdmin: true })
    const client = await signIn('second-admin')
    const res = await client.patch(`/api/users/${adminId}/admin`, { isAdmin: false })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe("The account named 'admin' is always an administrator; its privileges cannot be removed.")
    expect((await admin.get('/api/users')).status).toBe(200)
    await app.payload.update({ collection: 'users', id: other.id, overrideAccess: true, data: { isAdmin: false } })
  })

  it('refuses a body without a boolean isAdmin (400) and an unknown user (404)', async () => {
    const user = await createUser('admin-validation')
    const res = await admin.patch(`/api/users/${user.id}/admin`, { isAdmin: 'yes' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('isAdmin must be true or false')
    expect((await stored(user.id))!.isAdmin).toBe(false)
    expect((await admin.patch('/api/users/999999/admin', { isAdmin: true })).status).toBe(404)
  })

  it('refuses a family promoting itself (403) and a visitor (401); nothing changes', async () => {
    const user = await createUser('self-promoter')
    const client = await signIn('self-promoter')
    const res = await client.patch(`/api/users/${user.id}/admin`, { isAdmin: true })
    expect(res.status).toBe(403)
    expect((await new ApiClient(app.url).patch(`/api/users/${user.id}/admin`, { isAdmin: true })).status).toBe(401)
    expect((await stored(user.id))!.isAdmin).toBe(false)
    expect((await client.get('/api/users')).status).toBe(403)
  })
})

describe('DELETE /api/users/{id}', () => {
  it('removes the account with its students, enrollments, preferences and saved cards, and keeps invoices and payments', async () => {
    const user = await createUser('delete-me', { fullName: 'Dana Deleted', phone: '555-0100' })
    const client = await signIn('delete-me')
    const classes = (await app.payload.find({ collection: 'classes', overrideAccess: true, limit: 2, depth: 0 })).docs
    const studentIds: number[] = []
    for (const name of ['Leaving Child One', 'Leaving Child Two']) {
      const student = await app.payload.create({
        collection: 'students',
        overrideAccess: true,
        data: { user: user.id, fullName: name, dateOfBirth: '2014-02-02', experienceLevel: 'Beginner' },
      })
      studentIds.push(student.id)
      for (const cls of classes)
        await app.payload.create({
          collection: 'enrollments',
          overrideAccess: true,
          data: { student: student.id, class: cls.id, enrollmentDate: new Date().toISOString() },
        })
    }
    await app.payload.create({ collection: 'notification-preferences', overrideAccess: true, data: { user: user.id } })
    await app.payload.create({
      collection: 'payment-methods',
      overrideAccess: true,
      data: { user: user.id, cardBrand: 'visa', lastFour: '4242', stripePaymentMethodId: 'pm_test_delete_me' },
    })
    const invoice = await admin.post('/api/invoices', {
      userId: user.id,
      amount: 88.8,
      description: 'Tuition before leaving',
      dueDate: '2027-02-01',
      status: 'paid',
    })
    expect(invoice.status).toBe(201)
    const payment = await app.payload.create({
      collection: 'payments',
      overrideAccess: true,
      data: { invoice: invoice.body.id, userId: user.id, amountCents: 8880, status: 'completed', transactionId: 'pi_test_delete_me' },
    })
    const familyStudents = await countWhere('students', { 'user.username': { equals: 'family' } })
    const allEnrollments = await countWhere('enrollments', {})

    const res = await admin.delete(`/api/users/${user.id}`)
    expect(res.status).toBe(200)
    expect(res.body.message).toBeTypeOf('string')

    expect(await stored(user.id)).toBeNull()
    expect(await countWhere('students', { id: { in: studentIds } })).toBe(0)
    expect(await countWhere('enrollments', { student: { in: studentIds } })).toBe(0)
    expect(await countWhere('enrollments', {})).toBe(allEnrollments - studentIds.length * classes.length)
    expect(await countWhere('notification-preferences', { user: { equals: user.id } })).toBe(0)
    expect(await countWhere('payment-methods', { stripePaymentMethodId: { equals: 'pm_test_delete_me' } })).toBe(0)
    // Financial records stay, with the payer's id and the snapshot taken when they were issued.
    const keptInvoice = await app.payload.findByID({ collection: 'invoices', id: invoice.body.id, overrideAccess: true })
    expect(keptInvoice).toMatchObject({ userId: user.id, payerName: 'Dana Deleted', payerEmail: 'delete-me@example.com', amountCents: 8880 })
    expect((await admin.get('/api/invoices/all')).body.find((i: { id: number }) => i.id === invoice.body.id)).toMatchObject({
      payerName: 'Dana Deleted',
      amount: 88.8,
    })
    const keptPayment = await app.payload.findByID({ collection: 'payments', id: payment.id, overrideAccess: true, depth: 0 })
    expect(keptPayment).toMatchObject({ userId: user.id, invoice: invoice.body.id, status: 'completed' })
    // Nobody else lost anything, and the deleted account's session is over.
    expect(await countWhere('students', { 'user.username': { equals: 'family' } })).toBe(familyStudents)
    expect((await client.get('/api/user')).status).toBe(401)
    expect((await admin.get('/api/users')).body.some((u: { id: number }) => u.id === user.id)).toBe(false)
  })

  it('answers 404 for an unknown account and for a malformed id', async () => {
    const res = await admin.delete('/api/users/999999')
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('User not found.')
    expect((await admin.delete('/api/users/-1')).status).toBe(404)
  })

  it('refuses a family (403) and a visitor (401); the account and its students stay', async () => {
    const user = await createUser('delete-permission')
    await app.payload.create({
      collection: 'students',
      overrideAccess: true,
      data: { user: user.id, fullName: 'Safe Child', dateOfBirth: '2012-01-01', experienceLevel: 'Beginner' },
    })
    expect((await family.delete(`/api/users/${user.id}`)).status).toBe(403)
    expect((await new ApiClient(app.url).delete(`/api/users/${user.id}`)).status).toBe(401)
    expect(await stored(user.id)).not.toBeNull()
    expect(await countWhere('students', { user: { equals: user.id } })).toBe(1)
  })
})

describe('protecting administrators (decisions §2)', () => {
  it('an admin cannot deactivate, demote or delete their own account', async () => {
    const self = await createUser('careful-admin', { isAdmin: true })
    const client = await signIn('careful-admin')

    const deactivate = await client.patch(`/api/users/${self.id}/status`, { isActive: false })
    expect(deactivate.status).toBe(403)
    expect(deactivate.body.message).toBe('You cannot deactivate your own account.')
    const demote = await client.patch(`/api/users/${self.id}/admin`, { isAdmin: false })
    expect(demote.status).toBe(403)
    expect(demote.body.message).toBe('You cannot remove your own administrator privileges.')
    const remove = await client.delete(`/api/users/${self.id}`)
    expect(remove.status).toBe(403)
    expect(remove.body.message).toBe('You cannot delete your own account.')

    expect(await stored(self.id)).toMatchObject({ isActive: true, isAdmin: true })
    expect((await client.get('/api/users')).status).toBe(200)
  })

  it("the built-in 'admin' account cannot remove its own privileges either", async () => {
    const res = await admin.patch(`/api/users/${adminId}/admin`, { isAdmin: false })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('You cannot remove your own administrator privileges.')
    expect((await admin.patch(`/api/users/${adminId}/status`, { isActive: false })).status).toBe(403)
    expect((await admin.delete(`/api/users/${adminId}`)).status).toBe(403)
    expect(await stored(adminId)).toMatchObject({ isActive: true })
  })

  it('allows an admin to deactivate, demote and delete another admin while one remains', async () => {
    const other = await createUser('other-admin', { isAdmin: true })
    const otherClient = await signIn('other-admin')
    expect((await admin.patch(`/api/users/${other.id}/status`, { isActive: false })).status).toBe(200)
    expect((await otherClient.get('/api/user')).status).toBe(401)
    expect((await admin.patch(`/api/users/${other.id}/status`, { isActive: true })).status).toBe(200)
    expect((await admin.patch(`/api/users/${other.id}/admin`, { isAdmin: false })).body.isAdmin).toBe(false)
    expect((await admin.delete(`/api/users/${other.id}`)).status).toBe(200)
    expect(await stored(other.id)).toBeNull()
  })

  describe('with a single active administrator left', () => {
    /** Deactivates every other administrator, so the given accounts are the only ones who can run the academy. */
    async function leaveOnlyActiveAdmins(ids: number[]) {
      const others = await app.payload.find({
        collection: 'users',
        overrideAccess: true,
        limit: 0,
        pagination: false,
        where: { and: [{ or: [{ isAdmin: { equals: true } }, { username: { equals: 'admin' } }] }, { isActive: { equals: true } }, { id: { not_in: ids } }] },
      })
      for (const user of others.docs) await app.payload.update({ collection: 'users', id: user.id, overrideAccess: true, data: { isActive: false } })
    }

    afterAll(async () => {
      await app.payload.update({ collection: 'users', id: adminId, overrideAccess: true, data: { isActive: true } })
    })

    it('the last active administrator cannot be demoted, deactivated or deleted by anyone', async () => {
      const last = await createUser('last-admin', { isAdmin: true })
      await leaveOnlyActiveAdmins([last.id])
      // Inactive admins (the built-in 'admin' now among them) cannot run the academy and do not count.
      for (const change of [{ isAdmin: false }, { isActive: false }]) {
        await expect(app.payload.update({ collection: 'users', id: last.id, overrideAccess: true, data: change })).rejects.toThrow(
          'The academy must keep at least one administrator.',
        )
      }
      await expect(app.payload.delete({ collection: 'users', id: last.id, overrideAccess: true })).rejects.toThrow(
        'The academy must keep at least one administrator.',
      )
      expect(await stored(last.id)).toMatchObject({ isActive: true, isAdmin: true })

      // With a second active admin the same changes are allowed again.
      await createUser('backup-admin', { isAdmin: true })
      await app.payload.update({ collection: 'users', id: last.id, overrideAccess: true, data: { isAdmin: false } })
      expect((await stored(last.id))!.isAdmin).toBe(false)
    })

    it('two admins demoting each other at the same moment leave one administrator, and the other call answers 409', async () => {
      const a = await createUser('race-admin-a', { isAdmin: true })
      const b = await createUser('race-admin-b', { isAdmin: true })
      await leaveOnlyActiveAdmins([a.id, b.id])
      const clientA = await signIn('race-admin-a')
      const clientB = await signIn('race-admin-b')
      // Both sessions are known to be admins before either call starts.
      expect((await clientA.get('/api/users')).status).toBe(200)
      expect((await clientB.get('/api/users')).status).toBe(200)

      const [byA, byB] = await Promise.all([
        clientA.patch(`/api/users/${b.id}/admin`, { isAdmin: false }),
        clientB.patch(`/api/users/${a.id}/admin`, { isAdmin: false }),
      ])
      const statuses = [byA.status, byB.status].sort()
      expect(statuses[0]).toBe(200)
      // The loser is refused by the last-admin rule (409), or, if its request arrived after the
      // winner committed, because it is no longer an admin at all (403).
      expect([403, 409]).toContain(statuses[1])
      const loser = byA.status === 200 ? byB : byA
      if (loser.status === 409) expect(loser.body.message).toBe('The academy must keep at least one administrator.')

      const admins = [await stored(a.id), await stored(b.id)].filter((u) => u?.isAdmin && u.isActive)
      expect(admins).toHaveLength(1)
    })
  })
})
