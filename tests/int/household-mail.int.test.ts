import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { addDays, todayIso } from '#shared/dates'
import { startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { uniqueName } from '#tests/support/postgres'
import { startSmtpListener } from '#tests/support/smtp'
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in'
import { stripeStandInEnv } from '#tests/support/stripe-env'

/**
 * A family's mails reach every guardian of the household (issue 24, decisions §23): the
 * enrollment confirmation, the self-service notices and the payment receipt go to each guardian
 * who wants email, greeted by name, and a guardian who turned email off hears nothing.
 */
const SECRET_KEY = 'sk_test_51AcademyHouseholdMail000042'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let standIn: StripeStandIn
let stripe: Stripe

type Guardian = { client: ApiClient; id: number; email: string; fullName: string }

/** A guardian joined to `household` (as an accepted invitation leaves them), signed in. */
async function addGuardian(household: Family, label: string, options: { access?: 'full' | 'view'; emailNotifications?: boolean } = {}): Promise<Guardian> {
  const username = uniqueName(label).replace(/_/g, '-').toLowerCase().slice(0, 40)
  const email = `${username}@example.com`
  const fullName = `${label} Guardian`
  const password = 'a-long-test-password'
  const user = await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { username, email, fullName, password, household: household.userId, guardianAccess: options.access ?? 'full' },
  })
  if (options.emailNotifications !== undefined)
    await app.payload.create({
      collection: 'notification-preferences',
      overrideAccess: true,
      data: { user: user.id, emailNotifications: options.emailNotifications },
    })
  return { client: await new ApiClient(app.url).login(username, password), id: user.id as number, email, fullName }
}

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKeys: [SECRET_KEY] })
  smtp = await startSmtpListener()
  app = await startTestApp({
    SMTP_URL: smtp.url,
    ...stripeStandInEnv(standIn, {
      secretKey: SECRET_KEY,
      publishableKey: 'pk_test_51AcademyHouseholdMail00001',
      webhookSecret: 'whsec_test_household_mail_0001',
    }),
  })
  const base = new URL(standIn.url)
  stripe = new Stripe(SECRET_KEY, { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0 })
})

afterAll(async () => {
  await app?.close()
  await smtp?.close()
  await standIn?.close()
})

describe('a household of several guardians', () => {
  it('sends the enrollment confirmation and an absence notice to every guardian who wants email, by name', async () => {
    const first = await createFamily(app, 'mail-first')
    const second = await addGuardian(first, 'Second', { access: 'view' })
    const quiet = await addGuardian(first, 'Quiet', { emailNotifications: false })
    const cls = await addClass(app, { name: uniqueName('Mail Class'), ageGroup: '6-8' })
    const student = await addStudent(app, first.userId, 'Ava Household', 7)

    const enrolled = await first.client.post('/api/enrollments', { studentId: student, classId: cls.id })
    expect(enrolled.status).toBe(201)
    const subject = `Enrollment confirmed: Ava Household in ${cls.name}`
    const toFirst = await smtp.waitFor((m) => m.to.includes(first.email) && m.subject === subject)
    const toSecond = await smtp.waitFor((m) => m.to.includes(second.email) && m.subject === subject)
    expect(toFirst.text).toContain(`Hello ${first.fullName},`)
    expect(toSecond.text).toContain(`Hello ${second.fullName},`)

    // The view-only guardian reports an absence: the whole household hears of it, the quiet one not.
    const date = [1, 2, 3, 4, 5, 6, 7].map((n) => addDays(todayIso(), n)).find((day) => [1, 3].includes(new Date(`${day}T12:00:00Z`).getUTCDay()))!
    const absence = await second.client.post('/api/absences', { studentId: student, classId: cls.id, date })
    expect(absence.status).toBe(201)
    await smtp.waitFor((m) => m.to.includes(first.email) && /absence/i.test(m.subject))
    await smtp.waitFor((m) => m.to.includes(second.email) && /absence/i.test(m.subject))
    // The quiet guardian's choice holds for both mails: the queue has sent past them by now.
    expect(smtp.messages.filter((m) => m.to.includes(quiet.email))).toHaveLength(0)
  })

  it('sends the payment receipt to every guardian, whichever of them paid', async () => {
    const first = await createFamily(app, 'receipt-first')
    const second = await addGuardian(first, 'Payer')
    const invoice = await app.payload.create({
      collection: 'invoices',
      overrideAccess: true,
      data: { userId: first.userId, description: uniqueName('Tuition'), amountCents: 4250, dueDate: addDays(todayIso(), 10), status: 'pending' },
    })
    const intent = await second.client.post('/api/stripe/create-payment-intent', { invoiceId: invoice.id })
    expect(intent.status).toBe(200)
    const intentId = intent.body.paymentIntentId as string
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
    const reported = await second.client.post('/api/payments', {
      invoiceId: invoice.id,
      amount: 42.5,
      method: 'stripe',
      status: 'completed',
      transactionId: intentId,
      metadata: JSON.stringify({ cardholderName: second.fullName, paymentIntentId: intentId }),
    })
    expect(reported.status).toBe(201)
    // Who paid is recorded as theirs, and every guardian's history says so.
    expect(reported.body.paidByName).toBe(second.fullName)
    const history = (await first.client.get('/api/payments')).body as { invoiceId: number; paidByName: string | null }[]
    expect(history.find((payment) => payment.invoiceId === invoice.id)?.paidByName).toBe(second.fullName)
    for (const guardian of [first, second]) {
      const receipt = await smtp.waitFor((m) => m.to.includes(guardian.email) && m.subject.includes('Payment received: $42.50'))
      expect(receipt.text).toContain(invoice.description)
      expect(receipt.text).toContain(`Hello ${guardian.fullName},`)
    }
  })

  it('records who paid when only Stripe reports the payment: the guardian who opened the card form', async () => {
    const first = await createFamily(app, 'webhook-first')
    const second = await addGuardian(first, 'Opener')
    const invoice = await app.payload.create({
      collection: 'invoices',
      overrideAccess: true,
      data: { userId: first.userId, description: uniqueName('Tuition'), amountCents: 3000, dueDate: addDays(todayIso(), 10), status: 'pending' },
    })
    const intent = await second.client.post('/api/stripe/create-payment-intent', { invoiceId: invoice.id })
    expect(intent.status).toBe(200)
    const confirmed = await stripe.paymentIntents.confirm(intent.body.paymentIntentId as string, { payment_method: 'pm_card_visa' })
    // The browser's report never arrives; the next opening of the form finds the intent paid and records it.
    const again = await first.client.post('/api/stripe/create-payment-intent', { invoiceId: invoice.id })
    expect([again.status, again.body.message]).toEqual([409, 'This invoice is already paid.'])
    const payments = await app.payload.find({ collection: 'payments', where: { transactionId: { equals: confirmed.id } }, overrideAccess: true })
    expect(payments.docs.map((payment) => payment.paidByName)).toEqual([second.fullName])
  })

  it('still mails a household of one exactly once', async () => {
    const family = await createFamily(app, 'mail-alone')
    const cls = await addClass(app, { name: uniqueName('Solo Class'), ageGroup: '6-8' })
    const student = await addStudent(app, family.userId, 'Solo Dancer', 7)
    expect((await family.client.post('/api/enrollments', { studentId: student, classId: cls.id })).status).toBe(201)
    const subject = `Enrollment confirmed: Solo Dancer in ${cls.name}`
    await smtp.waitFor((m) => m.to.includes(family.email) && m.subject === subject)
    // A later mail to the same family proves the queue has moved past any duplicate.
    const other = await addClass(app, { name: uniqueName('Second Class'), ageGroup: '6-8' })
    expect((await family.client.post('/api/enrollments', { studentId: student, classId: other.id })).status).toBe(201)
    await smtp.waitFor((m) => m.to.includes(family.email) && m.subject.includes(other.name))
    expect(smtp.messages.filter((m) => m.to.includes(family.email) && m.subject === subject)).toHaveLength(1)
  })
})
