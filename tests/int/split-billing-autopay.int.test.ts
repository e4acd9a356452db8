import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { AutopayAttempt, Invoice } from '#cms/payload-types'
import { chargeDueAutopay } from '#api/autopay'
import { applyLateFees } from '#api/invoices'
import { withAcademyClock } from '#api/lib/academy-clock'
import { startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { createFamily, type Family } from '#tests/support/families'
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in'
import { stripeStandInEnv } from '#tests/support/stripe-env'

/**
 * Split billing and autopay (decisions §34): the household's card is the payer's, so
 * autopay charges the payer's invoices and never another guardian's, who pays theirs by hand.
 */
const SECRET_KEY = 'sk_test_51AcademySplitAutopayKey00042'
const PUBLISHABLE_KEY = 'pk_test_51AcademySplitAutopayPublish01'
const WEBHOOK_SECRET = 'whsec_test_academy_split_autopay_0001'

let app: TestApp
let standIn: StripeStandIn
let payer: Family
let other: { userId: number; fullName: string }

async function tuitionInvoice(period: string, billedTo: number | null, amountCents: number): Promise<Invoice> {
  return (await app.payload.create({
    collection: 'invoices',
    overrideAccess: true,
    data: {
      userId: payer.userId,
      amountCents,
      description: `Tuition, ${period}`,
      status: 'pending',
      dueDate: `${period}-01`,
      kind: 'tuition',
      period,
      billedTo,
    },
  })) as Invoice
}

const attemptsOf = async (invoiceId: number) =>
  (await app.payload.find({ collection: 'autopay-attempts', where: { invoiceId: { equals: invoiceId } }, overrideAccess: true })).docs as AutopayAttempt[]
const intentsFor = (invoiceId: number) => standIn.intents().filter((intent) => intent.metadata.invoiceId === String(invoiceId))

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKeys: [SECRET_KEY] })
  app = await startTestApp({
    ...stripeStandInEnv(standIn, { secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET }),
  })
  payer = await createFamily(app, 'split-autopay')
  const user = await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: {
      username: `split-autopay-other-${payer.userId}`,
      email: `split-autopay-other-${payer.userId}@example.com`,
      fullName: 'Other Guardian',
      password: 'a-long-test-password',
      household: payer.userId,
      guardianAccess: 'full',
    },
  })
  other = { userId: user.id as number, fullName: 'Other Guardian' }
  await app.payload.updateGlobal({ slug: 'tuition-settings', overrideAccess: true, data: { splitBilling: true } })
  const setup = await payer.client.post('/api/autopay/setup-intent', {})
  expect(setup.status).toBe(200)
  standIn.confirmSetup(setup.body.setupIntentId, 'pm_card_visa')
  expect((await payer.client.post('/api/autopay/card', { setupIntentId: setup.body.setupIntentId })).status).toBe(200)
  expect((await payer.client.put('/api/autopay', { enabled: true })).status).toBe(200)
})

afterAll(async () => {
  await app?.close()
  await standIn?.close()
})

describe('autopay with split billing', () => {
  it('charges the payer’s invoice to the household card and leaves the other guardian’s for them to pay', async () => {
    const mine = await tuitionInvoice('2028-02', payer.userId, 11_500)
    const theirs = await tuitionInvoice('2028-02', other.userId, 5400)
    const result = await withAcademyClock(
      () => new Date('2028-02-01T15:00:00Z'),
      () => chargeDueAutopay(app.payload),
    )
    expect(result).toMatchObject({ attempted: 1, succeeded: 1 })
    expect(intentsFor(mine.id).map((intent) => intent.amount)).toEqual([11_500])
    expect(intentsFor(theirs.id)).toEqual([])
    expect(await attemptsOf(theirs.id)).toEqual([])
    const status = async (id: number) => ((await app.payload.findByID({ collection: 'invoices', id, overrideAccess: true })) as Invoice).status
    expect(await status(mine.id)).toBe('paid')
    expect(await status(theirs.id)).toBe('pending')
  })

  it('the other guardian still pays their own invoice by hand, and sees only it on their statement', async () => {
    const client = await new ApiClient(app.url).login(`split-autopay-other-${payer.userId}`, 'a-long-test-password')
    const statement = (await client.get('/api/billing/statement')).body
    expect(statement.invoices.map((i: { amount: number; status: string }) => [i.amount, i.status])).toEqual([[54, 'pending']])
    expect(statement.autopay).toBeNull()
  })

  it('the late fee of the other guardian’s invoice is billed to them too', async () => {
    await app.payload.updateGlobal({ slug: 'tuition-settings', overrideAccess: true, data: { lateFeeCents: 1500, lateFeeAfterDays: 14 } })
    const theirs = await tuitionInvoice('2028-03', other.userId, 5400)
    await applyLateFees(app.payload, { today: '2028-03-20' })
    const [fee] = (await app.payload.find({ collection: 'invoices', where: { lateFeeFor: { equals: theirs.id } }, overrideAccess: true })).docs as Invoice[]
    expect(fee).toMatchObject({ kind: 'late-fee', amountCents: 1500, billedTo: other.userId })
  })
})
