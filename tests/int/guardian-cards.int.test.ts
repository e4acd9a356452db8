import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { AutopayAttempt, BillingProfile, Invoice, PaymentMethod } from '#cms/payload-types'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { chargeAutopayOn, intentsForInvoice, saveCardWithAutopay as saveCard, startCard, tuitionInvoiceFor } from '#tests/support/autopay'
import { ApiClient } from '#tests/support/client'
import { addGuardian, createFamily, createTeacher, type Family } from '#tests/support/families'
import { startSmtpListener } from '#tests/support/smtp'
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in'
import { stripeStandInEnv } from '#tests/support/stripe-env'

/**
 * A guardian's own card under split billing (decisions §36): a full guardian who is not the payer
 * saves their own card and autopay, which pays the invoices billed to them and nothing else; the
 * household's card pays the payer's. Real PostgreSQL, the Stripe stand-in, the SMTP listener.
 */
const SECRET_KEY = 'sk_test_51AcademyGuardianCardsKey000042'
const PUBLISHABLE_KEY = 'pk_test_51AcademyGuardianCardsPublish01'
const WEBHOOK_SECRET = 'whsec_test_academy_guardian_cards_0001'
const PASSWORD = 'a-long-test-password'

let app: TestApp
let standIn: StripeStandIn
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let payer: Family
let second: Family
let viewer: Family
let stranger: Family
let teacher: Family
let office: ApiClient

let period = 0
/** A tuition invoice of the payer's household billed to `billedTo` (null: the household's own), due on a fresh day. */
const tuitionInvoice = (billedTo: number | null, amountCents: number, householdId = payer.userId) =>
  tuitionInvoiceFor(app, { householdId, amountCents, billedTo, month: `2029-${String(++period).padStart(2, '0')}` })
const chargeOn = (day: string) => chargeAutopayOn(app, day)
const intentsFor = (invoiceId: number) => intentsForInvoice(standIn, invoiceId)
const attemptsOf = async (invoiceId: number) =>
  (await app.payload.find({ collection: 'autopay-attempts', where: { invoiceId: { equals: invoiceId } }, overrideAccess: true })).docs as AutopayAttempt[]
const status = async (id: number) => ((await app.payload.findByID({ collection: 'invoices', id, overrideAccess: true })) as Invoice).status
const rowsOf = async (userId: number) => ({
  cards: (await app.payload.find({ collection: 'payment-methods', where: { user: { equals: userId } }, overrideAccess: true })).docs as PaymentMethod[],
  profiles: (await app.payload.find({ collection: 'billing-profiles', where: { user: { equals: userId } }, overrideAccess: true })).docs as BillingProfile[],
})
const profileOf = async (userId: number, scope: 'household' | 'guardian') => (await rowsOf(userId)).profiles.find((p) => p.scope === scope)
const cardRows = async () =>
  JSON.stringify(
    await Promise.all(
      (['billing-profiles', 'payment-methods'] as const).map(
        async (collection) => (await app.payload.find({ collection, overrideAccess: true, limit: 0, pagination: false, depth: 0, sort: 'id' })).docs,
      ),
    ),
  )
const splitBilling = (on: boolean) => app.payload.updateGlobal({ slug: 'tuition-settings', overrideAccess: true, data: { splitBilling: on } })

const saveCardWithAutopay = (family: Family, paymentMethod: string) => saveCard(standIn, family, paymentMethod)

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKeys: [SECRET_KEY] })
  smtp = await startSmtpListener()
  app = await startTestApp({
    ...stripeStandInEnv(standIn, { secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET }),
    SMTP_URL: smtp.url,
  })
  payer = await createFamily(app, 'gc-payer')
  second = await addGuardian(app, payer, 'gc-second')
  viewer = await addGuardian(app, payer, 'gc-viewer', 'view')
  stranger = await createFamily(app, 'gc-stranger')
  teacher = await createTeacher(app, 'gc-teacher')
  office = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  await splitBilling(true)
})

afterAll(async () => {
  await app?.close()
  await standIn?.close()
  await smtp?.close()
})

describe('a guardian’s own card under split billing', () => {
  it('a second guardian saves their own card and autopay, apart from the household’s', async () => {
    expect((await second.client.get('/api/autopay')).body).toMatchObject({ enabled: false, card: null })
    const household = await saveCardWithAutopay(payer, 'pm_card_visa')
    expect(household).toMatchObject({ enabled: true, card: { brand: 'visa', lastFour: '4242' } })
    // The household's card is not the second guardian's: they still have none.
    expect((await second.client.get('/api/autopay')).body).toMatchObject({ enabled: false, card: null })
    const own = await saveCardWithAutopay(second, 'pm_card_mastercard')
    expect(own).toMatchObject({ enabled: true, card: { brand: 'mastercard', lastFour: '4444' }, ownCard: true })
    expect((await payer.client.get('/api/autopay')).body).toMatchObject({ enabled: true, card: { lastFour: '4242' }, ownCard: false })

    const householdProfile = await profileOf(payer.userId, 'household')
    const ownProfile = await profileOf(second.userId, 'guardian')
    expect(ownProfile?.stripeCustomerId).toBeTruthy()
    expect(ownProfile?.stripeCustomerId).not.toBe(householdProfile?.stripeCustomerId)
    expect((await rowsOf(second.userId)).cards.map((card) => [card.scope, card.lastFour])).toEqual([['guardian', '4444']])
    // A view-only guardian reads the household's, as before.
    expect((await viewer.client.get('/api/autopay')).body).toMatchObject({ card: { lastFour: '4242' } })
    // The office sees both, asked by any guardian's account: the household's card and the second guardian's own.
    expect((await office.get(`/api/admin/autopay/${second.userId}`)).body).toMatchObject({
      card: { lastFour: '4242' },
      guardianCards: [{ guardianId: second.userId, guardianName: second.fullName, stands: true, enabled: true, card: { lastFour: '4444' }, ownCard: true }],
    })
  })

  it('the job charges each invoice to the card of the guardian it is billed to, never another’s', async () => {
    const theirs = await tuitionInvoice(second.userId, 5400)
    const mine = await tuitionInvoice(payer.userId, 11_500)
    const households = await tuitionInvoice(null, 2500)
    // Each statement names the card that will pay its own invoices.
    const statementOf = async (family: Family) => (await family.client.get('/api/billing/statement')).body.autopay
    expect(await statementOf(second)).toMatchObject({ cardLast4: '4444', amountCents: 5400, chargeDate: theirs.due })
    expect(await statementOf(payer)).toMatchObject({ cardLast4: '4242', amountCents: 11_500, chargeDate: mine.due })
    await chargeOn(theirs.due)
    await chargeOn(mine.due)
    await chargeOn(households.due)
    const household = (await profileOf(payer.userId, 'household'))!
    const own = (await profileOf(second.userId, 'guardian'))!
    const householdCard = (await rowsOf(payer.userId)).cards[0]!.stripePaymentMethodId
    const ownCard = (await rowsOf(second.userId)).cards[0]!.stripePaymentMethodId
    expect(intentsFor(theirs.invoice.id).map((i) => [i.customer, i.payment_method, i.amount])).toEqual([[own.stripeCustomerId, ownCard, 5400]])
    expect(intentsFor(mine.invoice.id).map((i) => [i.customer, i.payment_method])).toEqual([[household.stripeCustomerId, householdCard]])
    expect(intentsFor(households.invoice.id).map((i) => [i.customer, i.payment_method])).toEqual([[household.stripeCustomerId, householdCard]])
    for (const { invoice } of [theirs, mine, households]) expect(await status(invoice.id)).toBe('paid')
    expect((await second.client.get('/api/autopay')).body.upcoming).toEqual([])
  })

  it('a decline of a guardian’s own card is told to that guardian alone, and Stripe’s webhook settles a held charge', async () => {
    const setupIntentId = await startCard(second)
    standIn.confirmSetup(setupIntentId, 'pm_card_chargeCustomerFail')
    expect((await second.client.post('/api/autopay/card', { setupIntentId })).status).toBe(200)
    const { invoice, due } = await tuitionInvoice(second.userId, 6100)
    expect(await chargeOn(due)).toMatchObject({ attempted: 1, failed: 1 })
    expect((await attemptsOf(invoice.id)).map((a) => [a.attempt, a.status])).toEqual([[1, 'failed']])
    await smtp.waitFor((m) => m.to.includes(second.email) && m.subject.startsWith('Autopay could not charge'), 20_000)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.messages.filter((m) => m.to.includes(payer.email) && m.subject.startsWith('Autopay could not charge'))).toEqual([])

    // A new card of their own; the retry is held at the bank, and Stripe's webhook settles it.
    await saveCardWithAutopay(second, 'pm_card_visa')
    standIn.holdCharges(true)
    try {
      await chargeOn(`${due.slice(0, 8)}04`)
    } finally {
      standIn.holdCharges(false)
    }
    const held = intentsFor(invoice.id).find((intent) => intent.status === 'processing')!
    expect(held.customer).toBe((await profileOf(second.userId, 'guardian'))!.stripeCustomerId)
    standIn.succeed(held.id)
    const event = standIn.webhook('payment_intent.succeeded', held.id, WEBHOOK_SECRET)
    const delivered = await fetch(`${app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    })
    expect(delivered.status).toBe(200)
    expect((await attemptsOf(invoice.id)).map((a) => [a.attempt, a.status]).sort()).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ])
    expect(await status(invoice.id)).toBe('paid')
    // Running the job again charges nothing twice.
    await chargeOn(`${due.slice(0, 8)}04`)
    expect(intentsFor(invoice.id)).toHaveLength(2)
  })

  it('wrong users are refused, and nothing changes', async () => {
    const before = await cardRows()
    expect((await viewer.client.put('/api/autopay', { enabled: false })).status).toBe(403)
    expect((await viewer.client.post('/api/autopay/setup-intent', {})).status).toBe(403)
    expect((await viewer.client.delete('/api/autopay/card')).status).toBe(403)
    expect((await second.client.put('/api/autopay', { enabled: 'yes' })).status).toBe(400)
    expect((await second.client.post('/api/autopay/card', { setupIntentId: 'nope' })).status).toBe(400)
    // A SetupIntent made for the second guardian's own card is nobody else's: not the payer's, another household's or a teacher's.
    const setupIntentId = await startCard(second)
    standIn.confirmSetup(setupIntentId, 'pm_card_mastercard')
    for (const other of [payer, stranger, teacher]) expect((await other.client.post('/api/autopay/card', { setupIntentId })).status).toBe(404)
    // …and the household's is not the second guardian's.
    const householdSetup = await startCard(payer)
    standIn.confirmSetup(householdSetup, 'pm_card_mastercard')
    expect((await second.client.post('/api/autopay/card', { setupIntentId: householdSetup })).status).toBe(404)
    expect((await stranger.client.get('/api/autopay')).body).toMatchObject({ enabled: false, card: null })
    expect((await teacher.client.get('/api/autopay')).body).toMatchObject({ enabled: false, card: null })
    expect(await cardRows()).toBe(before)
  })

  it('with split billing off, every guardian acts on the household’s card and a guardian’s own charges nothing', async () => {
    await splitBilling(false)
    try {
      expect((await second.client.get('/api/autopay')).body).toMatchObject({ enabled: true, card: { lastFour: '4242' } })
      const theirs = await tuitionInvoice(second.userId, 3300)
      const households = await tuitionInvoice(null, 4400)
      await chargeOn(theirs.due)
      await chargeOn(households.due)
      const own = (await profileOf(second.userId, 'guardian'))!
      expect(intentsFor(theirs.invoice.id).filter((i) => i.customer === own.stripeCustomerId)).toEqual([])
      expect(intentsFor(households.invoice.id).map((i) => i.customer)).toEqual([(await profileOf(payer.userId, 'household'))!.stripeCustomerId])
      expect((await office.get(`/api/admin/autopay/${payer.userId}`)).body.guardianCards).toMatchObject([
        { guardianId: second.userId, stands: false, upcoming: [] },
      ])
    } finally {
      await splitBilling(true)
    }
  })

  it('a guardian who leaves the household: their own card is no longer charged for its invoices', async () => {
    expect((await second.client.post('/api/household/leave', {})).status).toBe(204)
    const { invoice, due } = await tuitionInvoice(second.userId, 7700)
    await chargeOn(due)
    expect(intentsFor(invoice.id)).toEqual([])
    expect(await attemptsOf(invoice.id)).toEqual([])
    // Now a household of one, they read their household's card (none), not the card they kept.
    expect((await second.client.get('/api/autopay')).body).toMatchObject({ enabled: false, card: null })
    // The card they kept has autopay off: a household they join later does not charge it unasked.
    expect(await profileOf(second.userId, 'guardian')).toMatchObject({ autopayEnabled: false })
  })
})

describe('when the household’s account is not the payer', () => {
  it('its own card sits beside the household’s, each pays only its invoices, and a merge leaves it its own', async () => {
    const account = await createFamily(app, 'gc-account')
    const username = `gc-chosen-payer-${account.userId}`
    const chosen = await app.payload.create({
      collection: 'users',
      overrideAccess: true,
      data: { username, email: `${username}@example.com`, fullName: 'Chosen payer', password: PASSWORD, household: account.userId, guardianAccess: 'full' },
    })
    await app.payload.update({ collection: 'users', id: account.userId, overrideAccess: true, data: { householdPayer: chosen.id } })
    const payerFamily: Family = { ...account, client: await new ApiClient(app.url).login(username, PASSWORD), userId: chosen.id as number }

    expect(await saveCardWithAutopay(payerFamily, 'pm_card_visa')).toMatchObject({ ownCard: false, card: { lastFour: '4242' } })
    expect(await saveCardWithAutopay(account, 'pm_card_mastercard')).toMatchObject({ ownCard: true, card: { lastFour: '4444' } })
    const rows = await rowsOf(account.userId)
    expect(rows.cards.map((card) => [card.scope, card.lastFour]).sort()).toEqual([
      ['guardian', '4444'],
      ['household', '4242'],
    ])
    expect(rows.profiles.map((profile) => profile.scope).sort()).toEqual(['guardian', 'household'])

    const accounts = await tuitionInvoice(account.userId, 3900, account.userId)
    const payers = await tuitionInvoice(chosen.id as number, 4900, account.userId)
    await chargeOn(accounts.due)
    await chargeOn(payers.due)
    const own = (await profileOf(account.userId, 'guardian'))!
    const household = (await profileOf(account.userId, 'household'))!
    expect(intentsFor(accounts.invoice.id).map((i) => i.customer)).toEqual([own.stripeCustomerId])
    expect(intentsFor(payers.invoice.id).map((i) => i.customer)).toEqual([household.stripeCustomerId])

    // Merged into a household with a card of its own: the office chooses between the two
    // households' cards only; the account's own card stays its own, and still pays its invoices.
    const keeper = await createFamily(app, 'gc-keeper')
    await saveCardWithAutopay(keeper, 'pm_card_visa')
    const merge = { keep: keeper.userId, merge: account.userId }
    expect((await office.get(`/api/admin/household-merges/preview?keep=${merge.keep}&merge=${merge.merge}`)).body.needsCardChoice).toBe(true)
    expect((await office.post('/api/admin/household-merges', { ...merge, card: 'keep' })).status).toBe(200)
    expect((await rowsOf(account.userId)).cards.map((card) => [card.scope, card.lastFour])).toEqual([['guardian', '4444']])
    expect((await rowsOf(keeper.userId)).cards.map((card) => [card.scope, card.lastFour])).toEqual([['household', '4242']])
    const afterMerge = await tuitionInvoice(account.userId, 2900, keeper.userId)
    await chargeOn(afterMerge.due)
    expect(intentsFor(afterMerge.invoice.id).map((i) => i.customer)).toEqual([own.stripeCustomerId])
  })
})
