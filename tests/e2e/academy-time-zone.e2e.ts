import { expect, test } from './support/fixtures'

import { ADMIN, signIn } from './support/accounts'
import { expectToast, seriousViolations } from './support/portal'

/**
 * Issue 23, the academy's time zone (decisions §19), on a phone: on the first visit to the
 * console an administrator is asked for it, with the browser's zone chosen, and offered the
 * emergency contact before a first class (a studio setting, off on a fresh install, decisions §37);
 * once confirmed the question is gone, for good.
 */
test.use({ timezoneId: 'America/Chicago' })

test.afterEach(async ({ adminRequest }) => {
  // The other journeys count the academy's days in UTC, as a server without ACADEMY_TIMEZONE does.
  const reset = await adminRequest.put('/api/admin/studio-settings/time-zone', { data: { timeZone: 'UTC' } })
  expect(reset.status()).toBe(200)
  // And the specification's flow: no emergency contact asked for.
  const settings = (await (await adminRequest.get('/api/admin/studio-settings')).json()) as Record<string, unknown>
  expect((await adminRequest.put('/api/admin/studio-settings', { data: { ...settings, emergencyContactRequired: false } })).status()).toBe(200)
})

test('a fresh administrator is asked for the time zone, confirms it, and the prompt is gone', async ({ page, baseURL, adminRequest }) => {
  // A first start happens once per server, and the prompt's layout is the same on desktop: the phone run is the one.
  test.skip(test.info().project.name !== 'phone', 'the first start is asked once per server')
  // Two page loads, an axe pass and a reload after the save.
  test.slow()
  const before = await adminRequest.get('/api/admin/studio-settings/time-zone')
  expect(await before.json()).toMatchObject({ confirmed: false })

  await signIn(page, baseURL, ADMIN)
  await page.goto('/admin')
  await expect(page.getByRole('tablist', { name: 'Administration' })).toHaveAttribute('data-ready', '')
  const prompt = page.getByRole('region', { name: "Set the academy's time zone" })
  await expect(prompt).toBeVisible()
  await expect(prompt).toContainText('Every day the academy records')
  const zone = prompt.getByLabel("Academy's time zone")
  await expect(zone).toHaveValue('America/Chicago')
  const contact = prompt.getByRole('checkbox', { name: "Ask for an emergency contact before a child's first class" })
  await expect(contact).not.toBeChecked()
  expect(await seriousViolations(page)).toEqual([])

  await contact.check()
  await prompt.getByRole('button', { name: 'Confirm time zone' }).click()
  await expectToast(page, 'Time Zone Saved', 'America/Chicago')
  await expect(page.getByRole('region', { name: "Set the academy's time zone" })).toHaveCount(0)
  const after = await adminRequest.get('/api/admin/studio-settings/time-zone')
  expect(await after.json()).toEqual({ timeZone: 'America/Chicago', confirmed: true, source: 'settings' })
  expect(await (await adminRequest.get('/api/admin/studio-settings')).json()).toMatchObject({ emergencyContactRequired: true })

  // Confirmed once, never asked again.
  await page.reload()
  await expect(page.getByRole('tablist', { name: 'Administration' })).toHaveAttribute('data-ready', '')
  await expect(page.getByRole('tab', { name: 'Invoices' })).toBeVisible()
  await expect(page.getByRole('region', { name: "Set the academy's time zone" })).toHaveCount(0)
})
