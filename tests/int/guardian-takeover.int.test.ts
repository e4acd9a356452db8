import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { BillingProfile, HouseholdEvent, PaymentMethod, User } from '#cms/payload-types'
import { AUTOPAY_NOT_YOUR_CARD } from '#api/autopay/schemas'
import { HOUSEHOLD_MESSAGES } from '#api/households/schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { chargeAutopayOn, intentsForInvoice, saveCardWithAutopay as saveCard, tuitionInvoiceFor } from '#tests/support/autopay'
import { ApiClient } from '#tests/support/client'
import { addGuardian, createFamily, type Family } from '#tests/support/families'
import { startSmtpListener } from '#tests/support/smtp'
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in'
import { stripeStandInEnv } from '#tests/support/stripe-env'

/**
 * Decisions §39: no guardian takes a household, or a card, from another. A full guardian cannot
 * remove or downgrade another full guardian (the studio can); a saved card is the guardian's who
 * saved it, goes with them when they leave or are removed (autopay off, everyone told), and is
 * charged only while they are a full guardian of the household. Real PostgreSQL, the Stripe
 * stand-in, the SMTP listener.
 */
const SECRET_KEY = 'sk_test_51AcademyGuardianTakeoverKey0042'
const PUBLISHABLE_KEY = 'pk_test_51AcademyGuardianTakeoverPub001'
const WEBHOOK_SECRET = 'whsec_test_academy_guardian_takeover_01'

let app: TestApp
let standIn: StripeStandIn
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let office: ApiClient

let period = 0
/** A tuition invoice of a household, due on a fresh day far ahead. */
const tuitionInvoice = (householdId: number, amountCents: number) =>
  tuitionInvoiceFor(app, { householdId, amountCents, month: `2031-${String(++period).padStart(2, '0')}` })
const chargeOn = (day: string) => chargeAutopayOn(app, day)
const intentsFor = (invoiceId: number) => intentsForInvoice(standIn, invoiceId)
const cardsOf = async (userId: number) =>
  (await app.payload.find({ collection: 'payment-methods', where: { user: { equals: userId } }, overrideAccess: true })).docs as PaymentMethod[]
const profilesOf = async (userId: number) =>
  (await app.payload.find({ collection: 'billing-profiles', where: { user: { equals: userId } }, overrideAccess: true })).docs as BillingProfile[]
const eventsOf = async (householdId: number) =>
  (await app.payload.find({ collection: 'household-events', where: { household: { equals: householdId } }, overrideAccess: true, sort: 'id' }))
    .docs as HouseholdEvent[]
const guardianRows = async (...ids: number[]) =>
  JSON.stringify(
    ((await app.payload.find({ collection: 'users', where: { id: { in: ids } }, overrideAccess: true, sort: 'id', depth: 0 })).docs as User[]).map((user) => [
      user.id,
      user.household,
      user.guardianAccess,
      user.householdPayer,
    ]),
  )

const saveCardWithAutopay = (family: Family, paymentMethod: string) => saveCard(standIn, family, paymentMethod)

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKeys: [SECRET_KEY] })
  smtp = await startSmtpListener()
  app = await startTestApp({
    ...stripeStandInEnv(standIn, { secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET }),
    SMTP_URL: smtp.url,
  })
  office = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
})

afterAll(async () => {
  await app?.close()
  await standIn?.close()
  await smtp?.close()
})

describe('a guardian and another full guardian', () => {
  it('cannot remove them or make them view-only, and nothing changes', async () => {
    const first = await createFamily(app, 'to-first')
    const invited = await addGuardian(app, first, 'to-invited')
    const before = await guardianRows(first.userId, invited.userId)

    const removal = await invited.client.delete(`/api/household/guardians/${first.userId}`)
    expect([removal.status, removal.body.message]).toEqual([403, HOUSEHOLD_MESSAGES.otherFullGuardian])
    const downgrade = await invited.client.patch(`/api/household/guardians/${first.userId}`, { access: 'view' })
    expect([downgrade.status, downgrade.body.message]).toEqual([403, HOUSEHOLD_MESSAGES.otherFullGuardian])
    // The first guardian cannot do it to the invited one either.
    expect((await first.client.delete(`/api/household/guardians/${invited.userId}`)).status).toBe(403)
    expect((await first.client.patch(`/api/household/guardians/${invited.userId}`, { access: 'view' })).status).toBe(403)

    expect(await guardianRows(first.userId, invited.userId)).toBe(before)
    expect((await invited.client.get('/api/user')).body).toMatchObject({ householdId: first.userId, guardianAccess: 'full' })
    expect((await eventsOf(first.userId)).filter((event) => ['removed', 'access-changed', 'left'].includes(event.action))).toEqual([])
  })

  it('may still remove a view-only guardian, give them full access, make themselves view-only, or leave', async () => {
    const first = await createFamily(app, 'to-manager')
    const partner = await addGuardian(app, first, 'to-partner')
    const viewer = await addGuardian(app, first, 'to-viewer', 'view')
    const upgraded = await addGuardian(app, first, 'to-upgraded', 'view')
    expect((await first.client.patch(`/api/household/guardians/${upgraded.userId}`, { access: 'full' })).status).toBe(200)
    const removed = await partner.client.delete(`/api/household/guardians/${viewer.userId}`)
    expect(removed.status).toBe(200)
    expect(removed.body.guardians.map((g: { id: number }) => g.id)).toEqual([first.userId, partner.userId, upgraded.userId])
    expect((await partner.client.patch(`/api/household/guardians/${partner.userId}`, { access: 'view' })).body.guardians[1]).toMatchObject({ access: 'view' })
    expect((await upgraded.client.post('/api/household/leave', {})).status).toBe(204)
  })

  it('is settled by the studio: an administrator makes any guardian view-only, or removes them', async () => {
    const first = await createFamily(app, 'to-studio')
    const partner = await addGuardian(app, first, 'to-studio-partner')
    const downgraded = await office.patch(`/api/admin/households/${partner.userId}/guardians/${first.userId}`, { access: 'view' })
    expect(downgraded.status, JSON.stringify(downgraded.body)).toBe(200)
    expect(downgraded.body.guardians.find((g: { id: number }) => g.id === first.userId)).toMatchObject({ access: 'view' })
    const lastFull = await office.patch(`/api/admin/households/${first.userId}/guardians/${partner.userId}`, { access: 'view' })
    expect([lastFull.status, lastFull.body.message]).toEqual([409, HOUSEHOLD_MESSAGES.lastFullGuardian])
    expect((await office.patch(`/api/admin/households/${first.userId}/guardians/${first.userId}`, { access: 'full' })).status).toBe(200)

    const removed = await office.delete(`/api/admin/households/${partner.userId}/guardians/${partner.userId}`)
    expect(removed.status).toBe(200)
    expect(removed.body.guardians.map((g: { id: number }) => g.id)).toEqual([first.userId])
    expect((await partner.client.get('/api/user')).body).toMatchObject({ householdId: partner.userId })
    expect((await eventsOf(first.userId)).map((event) => [event.action, event.actorName])).toEqual(
      expect.arrayContaining([
        ['access-changed', expect.any(String)],
        ['removed', expect.any(String)],
      ]),
    )
    // Families cannot call the studio's endpoints; an unknown guardian is a 404.
    expect((await first.client.delete(`/api/admin/households/${first.userId}/guardians/${first.userId}`)).status).toBe(403)
    expect((await office.delete(`/api/admin/households/${first.userId}/guardians/999999`)).status).toBe(404)
  })
})

describe('the card a guardian saved', () => {
  it('leaves with the first guardian when the studio removes them: autopay off, theirs to see and delete, never charged by the household', async () => {
    const first = await createFamily(app, 'to-saver')
    const heir = await addGuardian(app, first, 'to-heir')
    expect(await saveCardWithAutopay(first, 'pm_card_visa')).toMatchObject({ enabled: true, card: { lastFour: '4242' } })
    expect((await cardsOf(first.userId)).map((card) => card.savedBy)).toEqual([first.userId])

    // The invited guardian cannot take the household; the studio can remove the first guardian.
    expect((await heir.client.delete(`/api/household/guardians/${first.userId}`)).status).toBe(403)
    expect((await office.delete(`/api/admin/households/${heir.userId}/guardians/${first.userId}`)).status).toBe(200)
    expect((await heir.client.get('/api/user')).body).toMatchObject({ householdId: heir.userId })

    // The card went with the one who saved it, autopay off; the household has none.
    expect((await first.client.get('/api/autopay')).body).toMatchObject({ enabled: false, card: { brand: 'visa', lastFour: '4242' } })
    expect((await heir.client.get('/api/autopay')).body).toMatchObject({ enabled: false, card: null })
    expect(await cardsOf(heir.userId)).toEqual([])
    expect((await profilesOf(first.userId)).map((profile) => profile.autopayEnabled)).toEqual([false])

    // A due run with the clock moved charges nothing to it.
    const { invoice, due } = await tuitionInvoice(heir.userId, 8800)
    expect(await chargeOn(due)).toMatchObject({ attempted: 0 })
    expect(intentsFor(invoice.id)).toEqual([])

    // Everyone is told: the household's history for the office, a mail to both guardians.
    expect((await eventsOf(heir.userId)).map((event) => event.action)).toEqual(expect.arrayContaining(['removed', 'card-left']))
    expect((await office.get(`/api/admin/households/${heir.userId}`)).body.events.map((e: { action: string }) => e.action)).toContain('card-left')
    for (const who of [first, heir]) await smtp.waitFor((m) => m.to.includes(who.email) && m.subject.startsWith('Autopay is off'), 20_000)

    // Its owner removes it.
    const removed = await first.client.delete('/api/autopay/card')
    expect([removed.status, removed.body.card]).toEqual([200, null])
    expect(await cardsOf(first.userId)).toEqual([])
  })

  it('leaves with a second guardian who saved it and then leaves; the household saves a card of its own afterwards', async () => {
    const first = await createFamily(app, 'to-stays')
    const saver = await addGuardian(app, first, 'to-leaver')
    expect(await saveCardWithAutopay(saver, 'pm_card_mastercard')).toMatchObject({ enabled: true, card: { lastFour: '4444' } })
    expect((await cardsOf(first.userId)).map((card) => card.savedBy)).toEqual([saver.userId])
    const customer = (await profilesOf(first.userId))[0]!.stripeCustomerId

    expect((await saver.client.post('/api/household/leave', {})).status).toBe(204)
    expect((await saver.client.get('/api/autopay')).body).toMatchObject({ enabled: false, card: { lastFour: '4444' } })
    expect((await first.client.get('/api/autopay')).body).toMatchObject({ enabled: false, card: null })
    expect((await profilesOf(saver.userId)).map((profile) => profile.stripeCustomerId)).toEqual([customer])
    const { invoice, due } = await tuitionInvoice(first.userId, 4100)
    await chargeOn(due)
    expect(intentsFor(invoice.id)).toEqual([])
    await smtp.waitFor((m) => m.to.includes(first.email) && m.subject.startsWith('Autopay is off'), 20_000)

    // The household's own new card gets a Stripe customer of its own, and pays.
    expect(await saveCardWithAutopay(first, 'pm_card_visa')).toMatchObject({ enabled: true, card: { lastFour: '4242' } })
    const fresh = (await profilesOf(first.userId))[0]!.stripeCustomerId
    expect(fresh).toBeTruthy()
    expect(fresh).not.toBe(customer)
    const next = await tuitionInvoice(first.userId, 4200)
    await chargeOn(next.due)
    expect(intentsFor(next.invoice.id).map((intent) => intent.customer)).toEqual([fresh])
  })

  it('is never charged while the guardian who saved it is not a full guardian of the household', async () => {
    const first = await createFamily(app, 'to-charge')
    const saver = await addGuardian(app, first, 'to-charge-saver')
    await saveCardWithAutopay(saver, 'pm_card_visa')
    // The office changes the saver's access in /cms, past the household's endpoints: the charge itself refuses.
    await app.payload.update({ collection: 'users', id: saver.userId, data: { guardianAccess: 'view' }, overrideAccess: true })
    const { invoice, due } = await tuitionInvoice(first.userId, 5100)
    await chargeOn(due)
    expect(intentsFor(invoice.id)).toEqual([])
    expect((await first.client.get('/api/autopay')).body).toMatchObject({ enabled: false })

    // Full again, it charges; made view-only by the studio's console, its autopay turns off.
    await app.payload.update({ collection: 'users', id: saver.userId, data: { guardianAccess: 'full' }, overrideAccess: true })
    const next = await tuitionInvoice(first.userId, 5200)
    await chargeOn(next.due)
    expect(intentsFor(next.invoice.id)).toHaveLength(1)
    expect((await office.patch(`/api/admin/households/${first.userId}/guardians/${saver.userId}`, { access: 'view' })).status).toBe(200)
    expect((await profilesOf(first.userId)).map((profile) => profile.autopayEnabled)).toEqual([false])
  })

  it('has autopay turned on only by the guardian who saved it; another guardian may turn it off', async () => {
    const first = await createFamily(app, 'to-switch')
    const saver = await addGuardian(app, first, 'to-switch-saver')
    await saveCardWithAutopay(saver, 'pm_card_visa')
    expect((await first.client.get('/api/autopay')).body).toMatchObject({ enabled: true, savedBy: { fullName: saver.fullName, you: false } })
    expect((await saver.client.get('/api/autopay')).body).toMatchObject({ savedBy: { fullName: saver.fullName, you: true } })
    expect((await first.client.put('/api/autopay', { enabled: false })).body).toMatchObject({ enabled: false })
    const refused = await first.client.put('/api/autopay', { enabled: true })
    expect([refused.status, refused.body.message]).toEqual([403, AUTOPAY_NOT_YOUR_CARD])
    const { invoice, due } = await tuitionInvoice(first.userId, 6100)
    await chargeOn(due)
    expect(intentsFor(invoice.id)).toEqual([])
    expect((await saver.client.put('/api/autopay', { enabled: true })).body).toMatchObject({ enabled: true })
  })

  it('is deleted with the account of the guardian who saved it, not left to the household', async () => {
    const first = await createFamily(app, 'to-deleted')
    const saver = await addGuardian(app, first, 'to-deleted-saver')
    await saveCardWithAutopay(saver, 'pm_card_visa')
    expect((await office.delete(`/api/users/${saver.userId}`)).status).toBe(200)
    expect(await cardsOf(first.userId)).toEqual([])
    expect((await first.client.get('/api/autopay')).body).toMatchObject({ enabled: false, card: null })
    expect((await eventsOf(first.userId)).map((event) => event.action)).toContain('card-left')
  })
})
