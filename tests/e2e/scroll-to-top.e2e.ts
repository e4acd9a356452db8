import type { Locator, Page } from '@playwright/test'

import { openAdminTab } from './support/admin-console'
import { expect, test } from './support/fixtures'
import { openPortal } from './support/portal'

/**
 * Spec §2: a new view starts at the top of the page, smoothly. Besides page changes, that is a
 * tab of the admin console and a change of a filter (the admin Students filters, the portal's
 * age chips).
 *
 * The page gets room below its content first, so a shorter list after the change cannot pull
 * the page up by itself; controls are operated without Playwright's own scrolling into view.
 */
async function scrollDown(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.body.style.paddingBottom = '4000px'
    window.scrollTo({ top: 1500, behavior: 'instant' })
  })
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1000)
}

function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY)
}

/** Chooses an option as a user would, without the scrolling into view that selectOption may do. */
async function choose(select: Locator, value: string): Promise<void> {
  await select.evaluate((element: HTMLSelectElement, next) => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(element, next)
    element.dispatchEvent(new Event('change', { bubbles: true }))
  }, value)
}

test('an admin console tab and a Students filter take the page back to its top', async ({ page, baseURL }) => {
  await openAdminTab(page, baseURL, 'invoices')

  await scrollDown(page)
  await page.getByRole('tab', { name: 'Students' }).dispatchEvent('click')
  await expect(page.getByRole('tab', { name: 'Students' })).toHaveAttribute('aria-selected', 'true')
  await expect.poll(() => scrollY(page)).toBe(0)

  const byClass = page.getByLabel('Filter by class')
  await expect(byClass.locator('option')).not.toHaveCount(1)
  const value = await byClass.locator('option').nth(1).getAttribute('value')
  await scrollDown(page)
  await choose(byClass, value!)
  await expect(byClass).toHaveValue(value!)
  await expect.poll(() => scrollY(page)).toBe(0)
})

test('an age filter chip takes the class list back to the top of the page', async ({ page, families }) => {
  await families.signIn(page)
  await openPortal(page, '/home')
  const chip = page.getByRole('group', { name: 'Filter classes by age group' }).getByRole('button', { name: 'Ages 13-17' })
  await expect(chip).toBeVisible()

  await scrollDown(page)
  await chip.dispatchEvent('click')
  await expect(chip).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(() => scrollY(page)).toBe(0)
})

test('with reduced motion the jump to the top is instant', async ({ page, baseURL }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await openAdminTab(page, baseURL, 'invoices')
  await scrollDown(page)
  await page.getByRole('tab', { name: 'Classes' }).dispatchEvent('click')
  // No animation: the very next frame is at the top already.
  expect(await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(window.scrollY))))).toBe(0)
})
