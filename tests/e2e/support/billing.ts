import { expect, type APIRequestContext, type Page } from '@playwright/test'

import type { ClassDto } from '#api/classes/schemas'
import type { InvoiceDto } from '#api/invoices/schemas'
import { routeStripeStandIns } from '#tests/support/stripe-js-stand-in'
import { apiGet } from './accounts'

/**
 * The billing journeys' plumbing: the local Stripe API stand-in (a webServer of the run, see
 * playwright.config.ts), the keys the app is started with, and API shortcuts for the
 * data a journey needs (invoices made by the admin, the global payments switch).
 */
export function stripeStandInPort(): number {
  return Number(process.env.STRIPE_STAND_IN_PORT ?? 3112)
}

export function stripeStandInUrl(): string {
  return `http://127.0.0.1:${stripeStandInPort()}`
}

/** Test keys only the stand-in knows; the app takes them from the environment (decisions §5). */
export const STRIPE_E2E_KEYS = {
  publishable: 'pk_test_e2eBillingStandIn0001',
  secret: 'sk_test_e2eBillingStandIn0001',
  webhook: 'whsec_e2eBillingStandIn0001',
} as const

/** What the app server needs to talk to the stand-in (STRIPE_API_BASE is refused outside tests and demo mode). */
export function stripeAppEnv(): Record<string, string> {
  return {
    STRIPE_API_BASE: stripeStandInUrl(),
    STRIPE_SECRET_KEY: STRIPE_E2E_KEYS.secret,
    STRIPE_PUBLISHABLE_KEY: STRIPE_E2E_KEYS.publishable,
    STRIPE_WEBHOOK_SECRET: STRIPE_E2E_KEYS.webhook,
  }
}

/** The stand-in as a webServer entry of a Playwright config. */
export function stripeStandInWebServer() {
  return {
    command: 'exec node --import tsx tests/support/stripe-stand-in-server.ts',
    // Without a key the stand-in answers 401, which Playwright counts as up.
    url: `${stripeStandInUrl()}/v1/account`,
    timeout: 30_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    env: { STRIPE_STAND_IN_PORT: String(stripeStandInPort()), STRIPE_STAND_IN_SECRET_KEYS: STRIPE_E2E_KEYS.secret },
  }
}

export async function createInvoice(
  admin: APIRequestContext,
  input: { userId: number; amount: number; description: string; status?: string },
): Promise<InvoiceDto> {
  const response = await admin.post('/api/invoices', { data: { status: 'pending', dueDate: new Date().toISOString().slice(0, 10), ...input } })
  if (!response.ok()) throw new Error(`creating an invoice failed: ${response.status()} ${await response.text()}`)
  return (await response.json()) as InvoiceDto
}

export async function setPaymentsDisabled(admin: APIRequestContext, paymentsDisabled: boolean): Promise<void> {
  const response = await admin.post('/api/stripe/toggle-payments', { data: { paymentsDisabled } })
  expect(response.status(), await response.text()).toBe(200)
}

/** Opens /billing with Stripe.js and api.stripe.com served by the stand-ins. */
export async function openBilling(page: Page): Promise<void> {
  await routeStripeStandIns(page, { apiBase: stripeStandInUrl() })
  await page.goto('/billing')
}

/** Types a test card into the card box (any future expiry, any CVC, any ZIP). */
export async function enterCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Credit or debit card number').fill(number)
  await page.getByLabel('Credit or debit card expiration date').fill('12 / 34')
  await page.getByLabel('Credit or debit card CVC/CVV').fill('123')
  await page.getByLabel('ZIP').fill('10001')
}

/** The invoice's status as the server has it now, read with the page's session. */
export async function invoiceStatus(page: Page, baseURL: string | undefined, invoiceId: number): Promise<string | undefined> {
  const response = await apiGet(page.request, baseURL, '/api/invoices')
  expect(response.status()).toBe(200)
  const invoices = (await response.json()) as InvoiceDto[]
  return invoices.find((invoice) => invoice.id === invoiceId)?.status
}

/**
 * A new student of the family, enrolled since January 2026 in the seeded class with the most
 * free places: what the tuition journeys bill. The journey removes the enrollment at its end.
 */
export async function enrollNewStudent(admin: APIRequestContext, familyId: number, fullName: string): Promise<{ cls: ClassDto; enrollmentId: number }> {
  const student = await admin.post('/cms-api/students', {
    data: {
      user: familyId,
      fullName,
      dateOfBirth: '2017-05-01',
      experienceLevel: 'Beginner',
      emergencyContact: { name: 'Billing Contact', phone: '555 010 0000' },
    },
  })
  expect(student.status(), await student.text()).toBe(201)
  const studentId = ((await student.json()) as { doc: { id: number } }).doc.id
  const classes = (await (await admin.get('/api/classes')).json()) as ClassDto[]
  const free = (cls: ClassDto) => (cls.capacity ?? 999) - (cls.enrolledCount ?? 0)
  const cls = [...classes].sort((a, b) => free(b) - free(a))[0]!
  const enrolled = await admin.post('/api/enrollments', { data: { studentId, classId: cls.id, enrollmentDate: '2026-01-05' } })
  expect(enrolled.status(), await enrolled.text()).toBe(201)
  return { cls, enrollmentId: ((await enrolled.json()) as { id: number }).id }
}
