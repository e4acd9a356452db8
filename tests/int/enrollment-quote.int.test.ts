import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { setAcademyClock } from '#api/lib/academy-clock'
import { runBillingDay } from '#api/scheduled'
import { ENROLLMENT_MESSAGES, QUOTE_MESSAGES } from '#api/enrollment/schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addGuardian, addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * GET /api/enrollments/quote (issue 23): what enrolling will cost, priced by the tuition run's
 * own engine, before the family confirms. The academy bills on the 5th, charges a $25.00
 * registration fee per season and 10% off each additional child. March 2027 starts on a Monday:
 * a Monday & Thursday class meets 9 times (1, 4, 8, 11, 15, 18, 22, 25, 29); from Thursday the
 * 18th, 4 of them.
 */
let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let family: Family
let other: Family
let ballet: { id: number; name: string }
let jazz: { id: number; name: string }

const RUN = '/api/admin/tuition/run'
const SETTINGS = {
  billingDay: 5,
  seasonStartMonth: 9,
  registrationFeeCents: 2500,
  siblingDiscountPercent: 10,
  multiClassDiscountPercent: 0,
  familyDiscountCapCents: null,
  lateFeeCents: 0,
  lateFeeAfterDays: 14,
  closures: [],
}
const quotePath = (studentId: number | string, classId: number | string) => `/api/enrollments/quote?studentId=${studentId}&classId=${classId}`

async function classOf(name: string, price: number, capacity: number | null = null) {
  const cls = await addClass(app, { name, capacity })
  await app.payload.update({ collection: 'classes', id: cls.id, overrideAccess: true, data: { price, days: 'Monday & Thursday' } })
  return cls
}

async function dryRunTotal(period: string, userId: number): Promise<number> {
  const run = await admin.post(RUN, { period, userIds: [userId] })
  expect(run.status).toBe(200)
  return run.body.families.find((f: { userId: number }) => f.userId === userId)?.totalCents ?? 0
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  expect((await admin.put('/api/admin/tuition-settings', SETTINGS)).status).toBe(200)
  ballet = await classOf('Ballet Quote', 9000)
  jazz = await classOf('Jazz Quote', 6000)
  family = await createFamily(app, 'quote')
  other = await createFamily(app, 'quote-other')
}, 120_000)
beforeEach(() => setAcademyClock(() => new Date('2027-03-18T12:00:00Z')))
afterEach(() => setAcademyClock(null))
afterAll(async () => {
  await app?.close()
})

describe('GET /api/enrollments/quote', () => {
  it('prices a new family first month, prorated from today, with the season registration fee, as the run then bills it', async () => {
    const riley = await addStudent(app, family.userId, 'Riley Quote', 7)
    const res = await family.client.get(quotePath(riley, ballet.id))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      studentId: riley,
      classIds: [ballet.id],
      month: '2027-03',
      lines: [
        {
          kind: 'tuition',
          description: 'Ballet Quote — Riley Quote, Mar 2027, 4 of 9 classes',
          amountCents: 4000,
          studentId: riley,
          classId: ballet.id,
          meetings: { charged: 4, held: 9 },
          explanation: '4 of 9 classes in March: the class starts on the 18th. $90.00 a month × 4/9 = $40.00.',
        },
        {
          kind: 'registration',
          description: 'Registration fee, 2026–2027 season',
          amountCents: 2500,
          studentId: null,
          classId: null,
          meetings: null,
          explanation: 'Charged once per family each season, with the first tuition invoice of the 2026–2027 season.',
        },
      ],
      totalCents: 6500,
      monthlyCents: 9000,
      billingDate: '2027-03-05',
      // The billing day has passed: the invoice is issued (and due) the day it is billed.
      chargeDate: '2027-03-18',
      thisMonthBilled: false,
      autopay: null,
    })
    // The quote is what the run bills once the family has enrolled.
    expect((await family.client.post('/api/enrollments', { studentId: riley, classId: ballet.id })).status).toBe(201)
    expect(await dryRunTotal('2027-03', family.userId)).toBe(res.body.totalCents)
    // Each line says why in the words the invoice line will carry.
    const run = await admin.post(RUN, { period: '2027-03', userIds: [family.userId] })
    const billed = run.body.families[0].lines.map((l: { kind: string; explanation: string }) => [l.kind, l.explanation])
    expect(billed).toEqual(res.body.lines.map((l: { kind: string; explanation: string }) => [l.kind, l.explanation]))
  })

  it('gives a second child the sibling discount and no second registration fee', async () => {
    const sam = await addStudent(app, family.userId, 'Sam Quote', 7)
    const before = await dryRunTotal('2027-03', family.userId)
    const res = await family.client.get(quotePath(sam, jazz.id))
    expect(res.status).toBe(200)
    // 6000 × 4 / 9 = 2666.67 → 2667; 10% of it, 266.7 → 267 off.
    expect(res.body.lines.map((l: { kind: string; description: string; amountCents: number }) => [l.kind, l.description, l.amountCents])).toEqual([
      ['tuition', 'Jazz Quote — Sam Quote, Mar 2027, 4 of 9 classes', 2667],
      ['discount', 'Sibling discount 10% — Sam Quote', -267],
    ])
    expect(res.body.totalCents).toBe(2400)
    expect((await family.client.post('/api/enrollments', { studentId: sam, classId: jazz.id })).status).toBe(201)
    expect(await dryRunTotal('2027-03', family.userId)).toBe(before + 2400)
  })

  it('once the month is billed, quotes the next month in full, charged on its billing day', async () => {
    expect((await admin.post(RUN, { period: '2027-03', dryRun: false, userIds: [family.userId] })).body.families[0].outcome).toBe('created')
    const third = await addStudent(app, family.userId, 'Theo Quote', 7)
    const res = await family.client.get(quotePath(third, jazz.id))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ month: '2027-04', totalCents: 5400, billingDate: '2027-04-05', chargeDate: '2027-04-05', thisMonthBilled: true })
    expect(res.body.lines.map((l: { kind: string; amountCents: number }) => [l.kind, l.amountCents])).toEqual([
      ['tuition', 6000],
      ['discount', -600],
    ])
  })

  it('quotes several classes at once', async () => {
    const noor = await addStudent(app, other.userId, 'Noor Quote', 7)
    const res = await other.client.get(quotePath(noor, `${ballet.id},${jazz.id}`))
    expect(res.status).toBe(200)
    expect(res.body.classIds).toEqual([ballet.id, jazz.id])
    expect(res.body.monthlyCents).toBe(15000)
    expect(res.body.totalCents).toBe(4000 + 2667 + 2500)
  })

  it('refuses bad ids with a clear 400', async () => {
    const riley = (await app.payload.find({ collection: 'students', where: { fullName: { equals: 'Riley Quote' } }, overrideAccess: true })).docs[0]!.id
    const cases: [string, string][] = [
      [`/api/enrollments/quote?classId=${ballet.id}`, ENROLLMENT_MESSAGES.studentRequired],
      [quotePath('abc', ballet.id), ENROLLMENT_MESSAGES.studentRequired],
      [quotePath(0, ballet.id), ENROLLMENT_MESSAGES.studentRequired],
      [quotePath(`${riley},${riley}1`, ballet.id), ENROLLMENT_MESSAGES.studentRequired],
      [`/api/enrollments/quote?studentId=${riley}`, QUOTE_MESSAGES.classIds],
      [quotePath(riley, '1.5'), QUOTE_MESSAGES.classIds],
      [quotePath(riley, '99999999999'), QUOTE_MESSAGES.classIds],
      [quotePath(riley, Array.from({ length: 21 }, (_, i) => i + 1).join(',')), QUOTE_MESSAGES.classIds],
    ]
    for (const [path, message] of cases) {
      const res = await family.client.get(path)
      expect([path, res.status, res.body.message]).toEqual([path, 400, message])
    }
  })

  it('answers as enrolling would: outside the age group 400, already enrolled or full 409 (but for the offer holder), no such class 404', async () => {
    const young = await addStudent(app, family.userId, 'Young Quote', 4)
    const age = await family.client.get(quotePath(young, ballet.id))
    expect(age.status).toBe(400)
    expect(age.body.message).toBe('Young Quote is not in the age group of Ballet Quote (ages 6-8).')

    const riley = (await app.payload.find({ collection: 'students', where: { fullName: { equals: 'Riley Quote' } }, overrideAccess: true })).docs[0]!.id
    const again = await family.client.get(quotePath(riley, ballet.id))
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Riley Quote is already enrolled in Ballet Quote.')

    const full = await classOf('Full Quote', 5000, 1)
    const seated = await addStudent(app, other.userId, 'Seated Quote', 7)
    expect((await other.client.post('/api/enrollments', { studentId: seated, classId: full.id })).status).toBe(201)
    const refused = await family.client.get(quotePath(riley, full.id))
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(ENROLLMENT_MESSAGES.classFull)
    expect((await family.client.post('/api/enrollments', { studentId: riley, classId: full.id })).body.message).toBe(ENROLLMENT_MESSAGES.classFull)

    // The student holding the open offer of a class full otherwise has the place: it is quoted.
    const offered = await classOf('Offered Quote', 5000, 1)
    const ella = await addStudent(app, other.userId, 'Ella Offered', 7)
    await app.payload.create({
      collection: 'waitlist-entries',
      overrideAccess: true,
      data: {
        class: offered.id,
        student: ella,
        family: other.userId,
        status: 'offered',
        offeredAt: '2027-03-18T10:00:00Z',
        offerExpiresAt: '2027-03-19T10:00:00Z',
      },
    })
    expect((await family.client.get(quotePath(riley, offered.id))).body.message).toBe(ENROLLMENT_MESSAGES.classFull)
    const holder = await other.client.get(quotePath(ella, offered.id))
    expect(holder.status).toBe(200)
    expect(holder.body.lines[0]).toMatchObject({ kind: 'tuition', classId: offered.id })

    const missing = await family.client.get(quotePath(riley, 2_000_000_000))
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe(ENROLLMENT_MESSAGES.classNotFound)
  })

  it('is for signed-in families about their own students: 401 signed out, 404 for another family, any student for an administrator', async () => {
    const third = await createFamily(app, 'quote-third')
    const student = await addStudent(app, third.userId, 'Private Quote', 7)
    const signedOut = await visitor.get(quotePath(student, ballet.id))
    expect(signedOut.status).toBe(401)
    const stranger = await family.client.get(quotePath(student, ballet.id))
    expect(stranger.status).toBe(404)
    expect(stranger.body.message).toBe('Student not found')
    const asAdmin = await admin.get(quotePath(student, ballet.id))
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body).toMatchObject({ studentId: student, month: '2027-03', totalCents: 4000 + 2500 })
  })

  /** A card on file with autopay on: the household's, or a guardian's own (decisions §36). */
  const cardOnFile = async (userId: number, lastFour: string, scope: 'household' | 'guardian' = 'household') => {
    await app.payload.create({ collection: 'billing-profiles', overrideAccess: true, data: { user: userId, scope, autopayEnabled: true } })
    await app.payload.create({
      collection: 'payment-methods',
      overrideAccess: true,
      data: {
        user: userId,
        scope,
        cardBrand: 'visa',
        lastFour,
        expiryMonth: 12,
        expiryYear: 2030,
        isDefault: true,
        stripePaymentMethodId: `pm_quote_${lastFour}`,
      },
    })
  }

  it('names the card autopay will charge on the first charge date', async () => {
    const payer = await createFamily(app, 'quote-autopay')
    await cardOnFile(payer.userId, '4242')
    const student = await addStudent(app, payer.userId, 'Autopay Quote', 7)
    const res = await payer.client.get(quotePath(student, ballet.id))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ chargeDate: '2027-03-18', autopay: { cardBrand: 'Visa', cardLast4: '4242' } })
  })

  it('under split billing, names the card of the guardian the student is billed to, or none when they pay by hand', async () => {
    const payer = await createFamily(app, 'quote-split')
    const second = await addGuardian(app, payer, 'quote-split')
    await cardOnFile(payer.userId, '1111')
    const child = await addStudent(app, payer.userId, 'Split Quote', 7)
    await app.payload.update({ collection: 'students', id: child, overrideAccess: true, data: { billedTo: second.userId } })
    const cardOf = async () => (await payer.client.get(quotePath(child, ballet.id))).body.autopay
    await app.payload.updateGlobal({ slug: 'tuition-settings', overrideAccess: true, data: { splitBilling: true } })
    try {
      expect(await cardOf(), 'billed to a guardian without a card: paid by hand').toBeNull()
      await cardOnFile(second.userId, '2222', 'guardian')
      expect(await cardOf()).toEqual({ cardBrand: 'Visa', cardLast4: '2222' })
    } finally {
      await app.payload.updateGlobal({ slug: 'tuition-settings', overrideAccess: true, data: { splitBilling: false } })
    }
    expect(await cardOf(), 'split billing off: the household’s card').toEqual({ cardBrand: 'Visa', cardLast4: '1111' })
  })

  it("after the calendar's run of the month, quotes a family that was not in it from the next month", async () => {
    const may = new Date('2027-05-12T12:00:00Z')
    setAcademyClock(() => may)
    expect((await runBillingDay(app.payload)).tuition).toMatchObject({ outcome: 'billed', period: '2027-05' })
    const late = await createFamily(app, 'quote-late')
    const student = await addStudent(app, late.userId, 'Late Quote', 7)
    const res = await late.client.get(quotePath(student, ballet.id))
    expect(res.status).toBe(200)
    // May is not billed again (decisions §13): June, in full, with the season's fee.
    expect(res.body).toMatchObject({ month: '2027-06', totalCents: 9000 + 2500, billingDate: '2027-06-05', chargeDate: '2027-06-05', thisMonthBilled: true })
  })
})
