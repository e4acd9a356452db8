import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'

import type { InvoiceDto } from '#api/invoices/schemas'
import { ADMIN, signIn, unique } from './support/accounts'
import { expect, test } from './support/fixtures'

/**
 * Payload's own widgets, which config and custom components cannot reach (its low-contrast
 * greys are fixed in cms/admin-app/app/(payload)/custom.css), excluded by name; everything
 * else on the page, the academy's own components included, is checked:
 * - the dashboard's breadcrumb dropdown and every select field: react-select, an unlabelled
 *   input and a focusable aria-hidden indicator;
 * - the list's row and select-all checkboxes (empty aria-label);
 * - the date picker's inner input and its unnamed clear button;
 * - icon-only popup buttons (document menu, clipboard, array row actions) and array drag handles;
 * - the document tabs' <ul> (children are not <li>) and the document controls' scroll region.
 */
const PAYLOAD_OWN = [
  '.dashboard-breadcrumb-select',
  '.react-select',
  '.select-row',
  '.select-all',
  '.react-datepicker__input-container',
  '.date-time-picker__clear-button',
  '.popup-button',
  '.collapsible__drag',
  '.doc-tabs__tabs',
  '.doc-controls__content',
]

/** Serious and critical axe findings on the page, as the app's own journeys count them. */
async function seriousViolations(page: Page): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
  for (const selector of PAYLOAD_OWN) axe.exclude(selector)
  const results = await axe.analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
}

/** Every request the page makes to another host than the app's (Gravatar above all). */
function outsideRequests(page: Page, baseURL: string): string[] {
  const own = new URL(baseURL).host
  const seen: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (/^https?:$/.test(url.protocol) && url.host !== own) seen.push(request.url())
  })
  return seen
}

/**
 * Types into a field of a Payload edit view once its form listens: typed before the view has
 * hydrated, the text sits in the input while the form never hears of it (Save stays disabled and
 * a save sends the old value). Save turning enabled is the form counting the change.
 */
async function typeInForm(page: Page, field: Locator, text: string): Promise<void> {
  await expect(async () => {
    await field.fill('')
    await field.fill(text)
    await expect(page.locator('#action-save')).toBeEnabled({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
}

test('an editor signs in to /cms under the academy name, reads and types amounts in dollars, and nothing is fetched from outside', async ({
  page,
  baseURL,
  adminRequest,
  families,
}) => {
  test.setTimeout(120_000)
  const outside = outsideRequests(page, baseURL!)
  const family = await families.create('Casey Panel')
  const description = unique('Panel invoice ')
  const made = await adminRequest.post('/api/invoices', {
    data: {
      userId: family.id,
      description,
      dueDate: '2027-02-05',
      kind: 'tuition',
      period: '2027-02',
      lines: [
        { kind: 'tuition', description: 'Ballet I — Feb 2027', amountCents: 6500 },
        { kind: 'discount', description: 'Sibling discount', amountCents: -500 },
      ],
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  const invoice = (await made.json()) as InvoiceDto
  const manual = await adminRequest.post('/api/invoices', {
    data: { userId: family.id, description: unique('Panel costume '), dueDate: '2027-02-10', amount: 12.5 },
  })
  expect(manual.status(), await manual.text()).toBe(201)
  const costume = (await manual.json()) as InvoiceDto

  await page.goto('/cms/login')
  await expect(page.getByText('Grace Ballet Academy').first()).toBeVisible()
  expect.soft(await seriousViolations(page), page.url()).toEqual([])
  await page.getByLabel(/username/i).fill(ADMIN.username)
  await page.getByLabel(/password/i).fill(ADMIN.password)
  await page.getByRole('button', { name: /log ?in/i }).click()
  await expect(page).toHaveURL(/\/cms\/?$/, { timeout: 15_000 })
  // The dashboard names the academy and sends everyday work to the console.
  await expect(page.getByRole('heading', { name: 'Grace Ballet Academy: records and website' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'administration console' })).toHaveAttribute('href', '/admin')
  expect.soft(await seriousViolations(page), page.url()).toEqual([])

  // The list shows the invoice's total in dollars and cents, not 6000 cents.
  await page.goto(`/cms/collections/invoices?search=${encodeURIComponent(description)}`)
  const row = page.getByRole('row').filter({ hasText: description })
  await expect(row).toContainText('$60.00')
  await expect(row).not.toContainText('6000')
  expect.soft(await seriousViolations(page), page.url()).toEqual([])

  // The edit view too, lines included (a discount is negative).
  await page.goto(`/cms/collections/invoices/${invoice.id}`)
  await expect(page.locator('#field-amountCents')).toHaveValue('60.00')
  await expect(page.locator('input[name="lines.1.amountCents"]')).toHaveValue('-5.00')
  expect.soft(await seriousViolations(page), page.url()).toEqual([])

  // Typed in dollars, stored in cents; a text that is no amount is refused in dollars' words.
  await page.goto(`/cms/collections/invoices/${costume.id}`)
  // Its one line carries the amount; the invoice costs the sum of its lines.
  const amount = page.locator('#field-lines__0__amountCents')
  await expect(amount).toHaveValue('12.50')
  await typeInForm(page, amount, '70.50')
  await page.locator('#action-save').click()
  await expect.poll(async () => ((await (await adminRequest.get(`/cms-api/invoices/${costume.id}`)).json()) as { amountCents: number }).amountCents).toBe(7050)

  expect(outside, 'requests to other hosts (Gravatar…)').toEqual([])
})

// A text that is no amount ('seventy') is refused, and the form says so in dollars' words.
test("/cms refuses a line amount typed as text in dollars' words", async ({ page, baseURL, adminRequest, families }) => {
  const family = await families.create('Casey Seventy')
  const made = await adminRequest.post('/api/invoices', {
    data: { userId: family.id, description: unique('Panel seventy '), dueDate: '2027-02-10', amount: 12.5 },
  })
  expect(made.status(), await made.text()).toBe(201)
  const costume = (await made.json()) as InvoiceDto
  await signIn(page, baseURL, ADMIN)
  await page.goto(`/cms/collections/invoices/${costume.id}`)
  const amount = page.locator('#field-lines__0__amountCents')
  await expect(amount).toHaveValue('12.50')
  await typeInForm(page, amount, 'seventy')
  await page.locator('#action-save').click()
  await expect(page.locator('.field-type.error .tooltip-content', { hasText: 'Type an amount in dollars and cents, e.g. 65.00' }).first()).toBeAttached()
  // Nothing was stored: the invoice still costs what it did.
  const stored = (await (await adminRequest.get(`/cms-api/invoices/${costume.id}`)).json()) as { amountCents: number }
  expect(stored.amountCents).toBe(1250)
})
