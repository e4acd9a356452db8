import { ordinal } from '#shared/ordinal'
import { WEEKDAYS } from '#shared/schedule'
import { expect, test } from './support/fixtures'

import { unique } from './support/accounts'
import { addStudent, CLASS_FIELDS, openPortal, seriousViolations } from './support/portal'

/*
 * Issue 23, a product people understand: before confirming an enrollment the family sees what
 * it will cost — the season's registration fee, the first month prorated from today with the
 * reason, and the day of the first charge — in the catalogue's "which child" dialog and in the
 * confirmation, then confirms. The academy here has no time zone set (UTC) and bills on the 1st,
 * so a family joining today is billed today; the class meets every day, so the first month is
 * the rest of this month's days.
 */

const LONG_DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' })

function expectations(now = new Date()) {
  const year = now.getUTCFullYear()
  const daysInMonth = new Date(Date.UTC(year, now.getUTCMonth() + 1, 0)).getUTCDate()
  const day = now.getUTCDate()
  const season = now.getUTCMonth() + 1 >= 9 ? year : year - 1
  return {
    // The tuition engine's explanation, the sentence the invoice line will carry.
    proration:
      day === 1
        ? `All ${daysInMonth} classes in ${MONTH.format(now)}: the full monthly price of $90.00.`
        : `${daysInMonth - day + 1} of ${daysInMonth} classes in ${MONTH.format(now)}: the class starts on the ${ordinal(day)}.`,
    registration: `Registration fee, ${season}–${season + 1} season`,
    firstCharge: `First charge: ${LONG_DAY.format(now)}`,
  }
}

test('a family sees the registration fee, the prorated first month and the first charge date before it confirms', async ({
  page,
  baseURL,
  adminRequest,
  families,
  classes,
}) => {
  test.setTimeout(120_000)
  const settingsPath = '/api/admin/tuition-settings'
  const original = (await (await adminRequest.get(settingsPath)).json()) as Record<string, unknown>
  const saved = await adminRequest.put(settingsPath, { data: { ...original, billingDay: 1, registrationFeeCents: 2500 } })
  expect(saved.status(), await saved.text()).toBe(200)
  try {
    const cls = await classes.create({
      ...CLASS_FIELDS,
      days: undefined,
      time: undefined,
      weekdays: [...WEEKDAYS],
      startTime: '16:00',
      endTime: '17:00',
      name: unique('Quote Ballet '),
      ageGroup: '6-8',
      price: 9000,
      capacity: 10,
    })
    await families.signIn(page, 'Quote Parent')
    const child = await addStudent(page.request, baseURL, 'Quinn Quote', 7)
    const expected = expectations()

    // From the catalogue: the only child who fits is chosen, and the cost is there before Continue.
    await page.goto('/classes?age=6-8')
    await page
      .locator('[data-class-card]')
      .filter({ hasText: cls.name })
      .getByRole('link', { name: /^Add to My Classes/ })
      .click()
    const choose = page.getByRole('dialog', { name: `Add ${cls.name} to My Classes` })
    await expect(choose.getByRole('radio', { name: /Quinn Quote/ })).toBeChecked()
    const early = choose.getByRole('region', { name: 'What it will cost' })
    await expect(early).toContainText(expected.registration)
    await expect(early).toContainText('$25.00')
    await expect(early).toContainText(expected.proration)
    await expect(early).toContainText(expected.firstCharge)
    expect(await seriousViolations(page)).toEqual([])
    await choose.getByRole('button', { name: 'Continue' }).click()

    // The confirmation says the same, with the total, then the family confirms.
    await expect(page).toHaveURL(new RegExp(`/select-classes/${child.id}\\?class=${cls.id}$`))
    await openPortal(page, page.url())
    await page.getByTestId('summary-bar').getByRole('button', { name: 'Add to Schedule' }).click()
    const confirm = page.getByRole('dialog', { name: 'Confirm Class Selection' })
    const quote = confirm.getByRole('region', { name: 'What it will cost' })
    await expect(quote).toContainText(`${cls.name}, ${MONTH.format(new Date())}`)
    await expect(quote).toContainText(expected.proration)
    await expect(quote).toContainText(expected.registration)
    await expect(quote).toContainText(/Total for this class\s*\$\d+\.\d{2}/)
    await expect(quote).toContainText(expected.firstCharge)
    await expect(quote).toContainText('After that, $90.00 a month')
    expect(await seriousViolations(page)).toEqual([])
    await confirm.getByRole('button', { name: 'Confirm & Add to Schedule' }).click()

    await expect(page).toHaveURL(new RegExp(`/schedule\\?student=${child.id}&added=${cls.id}$`))
    await expect(page.getByTestId('first-class-notice')).toContainText(cls.name)
  } finally {
    const restored = await adminRequest.put(settingsPath, { data: original })
    expect(restored.status(), await restored.text()).toBe(200)
  }
})
