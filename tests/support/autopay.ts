import { expect } from 'vitest'

import type { Invoice } from '#cms/payload-types'
import { chargeDueAutopay } from '#api/autopay'
import { withAcademyClock } from '#api/lib/academy-clock'
import type { TestApp } from './app'
import type { Family } from './families'
import type { StripeStandIn } from './stripe-stand-in'

/**
 * What the autopay tests share: a tuition invoice on a month of its own, the charge run on a given
 * day of the academy's clock, the intents the Stripe stand-in saw for an invoice, and the
 * browser's side of saving a card.
 */

/** A pending tuition invoice of `householdId` for `month` (`YYYY-MM`), due on its first day; `billedTo` names a guardian under split billing. */
export async function tuitionInvoiceFor(
  app: TestApp,
  input: { householdId: number; month: string; amountCents: number; billedTo?: number | null },
): Promise<{ invoice: Invoice; due: string }> {
  const due = `${input.month}-01`
  const invoice = (await app.payload.create({
    collection: 'invoices',
    overrideAccess: true,
    data: {
      userId: input.householdId,
      amountCents: input.amountCents,
      description: `Tuition, ${input.month}`,
      status: 'pending',
      dueDate: due,
      kind: 'tuition',
      period: input.month,
      ...(input.billedTo !== undefined ? { billedTo: input.billedTo } : {}),
    },
  })) as Invoice
  return { invoice, due }
}

/** The autopay run as the academy's clock reads `day` in the afternoon. */
export const chargeAutopayOn = (app: TestApp, day: string) =>
  withAcademyClock(
    () => new Date(`${day}T15:00:00Z`),
    () => chargeDueAutopay(app.payload),
  )

/** The PaymentIntents the stand-in was asked for one invoice. */
export const intentsForInvoice = (standIn: StripeStandIn, invoiceId: number) =>
  standIn.intents().filter((intent) => intent.metadata.invoiceId === String(invoiceId))

/** The SetupIntent a family's browser asks for to save a card. */
export async function startCard(family: Family): Promise<string> {
  const setup = await family.client.post('/api/autopay/setup-intent', {})
  expect(setup.status, JSON.stringify(setup.body)).toBe(200)
  return setup.body.setupIntentId as string
}

/** The browser's side of saving a card (`paymentMethod`, a Stripe test card), then autopay on; the autopay answer. */
export async function saveCardWithAutopay(standIn: StripeStandIn, family: Family, paymentMethod: string) {
  const setupIntentId = await startCard(family)
  standIn.confirmSetup(setupIntentId, paymentMethod)
  const saved = await family.client.post('/api/autopay/card', { setupIntentId })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  const on = await family.client.put('/api/autopay', { enabled: true })
  expect(on.status).toBe(200)
  return on.body
}
