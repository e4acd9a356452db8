import { sql } from '@payloadcms/db-postgres'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { HOUSEHOLD_COLUMNS } from '#api/households'
import { HOUSEHOLD_MESSAGES } from '#api/households/schemas'
import { queryRows } from '#api/lib/database'
import { addDays, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, createTeacher, type Family } from '#tests/support/families'

/**
 * Merging two households (issue 24, decisions §23): the preview says what moves, the merge moves
 * it in one transaction, nothing is lost or counted twice, two saved cards need a choice.
 */
let app: TestApp
let admin: ApiClient
let cls: { id: number; name: string }

// The states an invoice is created in (paid and cancelled come from a payment or a void).
const STATUSES = ['pending', 'overdue'] as const

async function addInvoice(userId: number, amountCents: number, status: (typeof STATUSES)[number]): Promise<number> {
  const doc = await app.payload.create({
    collection: 'invoices',
    overrideAccess: true,
    data: { userId, description: `Merge test ${amountCents}`, amountCents, dueDate: addDays(todayIso(), 10), status },
  })
  return doc.id as number
}

async function addCard(userId: number, last4: string): Promise<void> {
  await app.payload.create({
    collection: 'billing-profiles',
    overrideAccess: true,
    data: { user: userId, stripeCustomerId: `cus_${last4}`, autopayEnabled: true },
  })
  await app.payload.create({
    collection: 'payment-methods',
    overrideAccess: true,
    data: { user: userId, stripePaymentMethodId: `pm_${last4}_${userId}`, cardBrand: 'visa', lastFour: last4, expiryMonth: 12, expiryYear: 2030 },
  })
}

const balance = async (family: ApiClient) => (await family.get('/api/billing/statement')).body.balanceCents as number

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  cls = await addClass(app, { name: 'Merge Class' })
})

afterAll(async () => {
  await app?.close()
})

/**
 * The columns that name an account as a person (who did something, whose copy, whose login),
 * not as a household: a merge leaves them as they are. Every other column that refers to an
 * account names a household and must be in HOUSEHOLD_COLUMNS, or a merge would leave its rows
 * behind with the merged account.
 */
const PERSON_COLUMNS = [
  'assessment_marks.teacher_id',
  'attendance.marked_by_id',
  'classes.teacher_id',
  'enrollments.billed_to_id',
  'enrollments.billed_to_pending_id',
  'enrollments.enrolled_by_id',
  'exam_entries.proposed_by_id',
  'household_events.actor_id',
  'household_invites.accepted_by_id',
  'household_invites.invited_by_id',
  'inquiries.addressed_by_id',
  'inquiries.from_account_id',
  'makeups.booked_by_id',
  'medical_note_reads.reader_id',
  'message_recipients.user_id',
  'messages.sender_id',
  'notification_preferences.user_id',
  'payload_locked_documents_rels.users_id',
  'payload_preferences_rels.users_id',
  'policy_signatures.user_id',
  'site_assets.updated_by_id',
  'site_content.updated_by_id',
  'students.billed_to_id',
  'students.billed_to_pending_id',
  'users.household_id',
  'users.household_payer_id',
  'users_sessions._parent_id',
  'waitlist_entries.override_by_id',
  'waitlist_entries.removed_by_id',
]

describe('merging two households', () => {
  it('knows every column that refers to an account: each names a person, or a household the merge moves', async () => {
    const rows = await queryRows<{ name: string }>(
      app.payload,
      sql`SELECT DISTINCT kcu.table_name || '.' || kcu.column_name AS name
        FROM information_schema.referential_constraints rc
        JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name
        JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name
        WHERE ccu.table_name = 'users' AND ccu.column_name = 'id' AND kcu.table_schema = 'public'`,
    )
    const household = HOUSEHOLD_COLUMNS.map(([table, column]) => `${table}.${column}`)
    const unclassified = rows.map((row) => row.name).filter((name) => !household.includes(name) && !PERSON_COLUMNS.includes(name))
    expect(unclassified).toEqual([])
  })

  it('previews what moves, then moves children, enrollments, invoices, payments and waitlist places, with an audit entry', async () => {
    const keep = await createFamily(app, 'merge-keep')
    const dup = await createFamily(app, 'merge-dup')
    const kid = await addStudent(app, dup.userId, 'Dup Child', 7)
    await app.payload.create({
      collection: 'enrollments',
      overrideAccess: true,
      data: { student: kid, class: cls.id, enrollmentDate: addDays(todayIso(), -10) },
    })
    await app.payload.create({
      collection: 'attendance',
      overrideAccess: true,
      data: { student: kid, class: cls.id, date: addDays(todayIso(), -3), status: 'present', reportedBy: 'teacher' },
    })
    const invoice = await addInvoice(dup.userId, 6500, 'pending')
    await app.payload.create({
      collection: 'payments',
      overrideAccess: true,
      data: { userId: dup.userId, invoice, amountCents: 1000, status: 'completed', transactionId: `pi_merge_${dup.userId}` },
    })

    const preview = await admin.get(`/api/admin/household-merges/preview?keep=${keep.userId}&merge=${dup.userId}`)
    expect(preview.status).toBe(200)
    expect(preview.body.moves).toEqual({
      guardians: 1,
      students: 1,
      enrollments: 1,
      invoices: 1,
      payments: 1,
      credits: 0,
      waitlistPlaces: 0,
      attendanceMarks: 1,
    })
    expect(preview.body.needsCardChoice).toBe(false)

    const merged = await admin.post('/api/admin/household-merges', { keep: keep.userId, merge: dup.userId })
    expect(merged.status).toBe(200)
    expect(merged.body.guardians.map((g: { id: number }) => g.id).sort()).toEqual([keep.userId, dup.userId].sort())
    // Both parents now see the child and the invoice, under the kept household.
    expect((await keep.client.get(`/api/students/${kid}`)).status).toBe(200)
    expect((await dup.client.get('/api/user')).body.householdId).toBe(keep.userId)
    expect((await dup.client.get('/api/billing/statement')).body.invoices.map((i: { id: number }) => i.id)).toEqual([invoice])
    const audit = (await admin.get(`/api/admin/households/${keep.userId}`)).body.events
    expect(audit[0]).toMatchObject({ action: 'merged', actorName: expect.any(String) })
    expect(audit[0].subject).toContain('1 student, 1 invoice, 1 payment')
  })

  it('refuses the wrong user, bad input, the same household twice and two cards without a choice, changing nothing', async () => {
    const a = await createFamily(app, 'merge-card-a')
    const b = await createFamily(app, 'merge-card-b')
    await addCard(a.userId, '1111')
    await addCard(b.userId, '2222')
    expect((await a.client.post('/api/admin/household-merges', { keep: a.userId, merge: b.userId })).status).toBe(403)
    expect((await new ApiClient(app.url).post('/api/admin/household-merges', { keep: a.userId, merge: b.userId })).status).toBe(401)
    expect((await admin.post('/api/admin/household-merges', { keep: 'a', merge: b.userId })).status).toBe(400)
    expect((await admin.post('/api/admin/household-merges', { keep: 999999, merge: b.userId })).status).toBe(404)
    const same = await admin.post('/api/admin/household-merges', { keep: a.userId, merge: a.userId })
    expect([same.status, same.body.message]).toEqual([409, HOUSEHOLD_MESSAGES.mergeSame])
    const both = await admin.post('/api/admin/household-merges', { keep: a.userId, merge: b.userId })
    expect([both.status, both.body.message]).toEqual([409, HOUSEHOLD_MESSAGES.mergeBothCards])
    expect((await b.client.get('/api/user')).body.householdId).toBe(b.userId)

    const chosen = await admin.post('/api/admin/household-merges', { keep: a.userId, merge: b.userId, card: 'merge' })
    expect(chosen.status).toBe(200)
    const cards = await app.payload.find({ collection: 'payment-methods', where: { user: { equals: a.userId } }, overrideAccess: true })
    expect(cards.docs.map((card) => card.lastFour)).toEqual(['2222'])
    expect((await app.payload.count({ collection: 'billing-profiles', where: { user: { in: [a.userId, b.userId] } }, overrideAccess: true })).totalDocs).toBe(1)
  })

  it('refuses a household with a staff account among its guardians, kept or merged, changing nothing', async () => {
    const family = await createFamily(app, 'merge-family')
    const teacher = await createTeacher(app, 'merge-teacher')
    const adminId = (await admin.get('/api/user')).body.id as number
    for (const [keep, merge] of [
      [family.userId, teacher.userId],
      [teacher.userId, family.userId],
      [family.userId, adminId],
      [adminId, family.userId],
    ]) {
      const preview = await admin.get(`/api/admin/household-merges/preview?keep=${keep}&merge=${merge}`)
      expect([preview.status, preview.body.message]).toEqual([409, HOUSEHOLD_MESSAGES.mergeStaff])
      const merged = await admin.post('/api/admin/household-merges', { keep, merge })
      expect([merged.status, merged.body.message]).toEqual([409, HOUSEHOLD_MESSAGES.mergeStaff])
    }
    expect((await teacher.client.get('/api/user')).body.householdId).toBe(teacher.userId)
    expect((await family.client.get('/api/user')).body.householdId).toBe(family.userId)
    expect((await admin.get('/api/user')).body.householdId).toBe(adminId)
  })

  it('keeps every invoice once: the merged statement owes the sum of the two (property)', async () => {
    const invoices = fc.array(fc.record({ amountCents: fc.integer({ min: 1, max: 500_000 }), status: fc.constantFrom(...STATUSES) }), { maxLength: 5 })
    await fc.assert(
      fc.asyncProperty(invoices, invoices, async (ofKeep, ofMerge) => {
        const keep: Family = await createFamily(app, 'merge-prop-keep')
        const dup: Family = await createFamily(app, 'merge-prop-dup')
        const ids = [
          ...(await Promise.all(ofKeep.map((i) => addInvoice(keep.userId, i.amountCents, i.status)))),
          ...(await Promise.all(ofMerge.map((i) => addInvoice(dup.userId, i.amountCents, i.status)))),
        ]
        const expected = (await balance(keep.client)) + (await balance(dup.client))
        expect((await admin.post('/api/admin/household-merges', { keep: keep.userId, merge: dup.userId })).status).toBe(200)
        expect(await balance(keep.client)).toBe(expected)
        expect(await balance(dup.client)).toBe(expected)
        const after = (await keep.client.get('/api/billing/statement')).body.invoices.map((i: { id: number }) => i.id)
        expect([...after].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y))
      }),
      { numRuns: 6 },
    )
  })
})
