import { expect, type Browser, type Locator, type Page } from '@playwright/test'

import { ADMIN, signIn } from './accounts'

/** Signs the page in as the admin and opens a tab of the console, once its island is live. */
export async function openAdminTab(page: Page, baseURL: string | undefined, tab: string): Promise<void> {
  await signIn(page, baseURL, ADMIN)
  await page.goto(`/admin#${tab}`)
  await expect(page.getByRole('tablist', { name: 'Administration' })).toHaveAttribute('data-ready', '')
  await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('id', `admin-tab-${tab}`)
}

/** A separate signed-in browser context for a family (its own cookie jar). */
export async function familySession(browser: Browser, baseURL: string | undefined, account: { username: string; password: string }) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await signIn(page, baseURL, account)
  return { page, request: page.request, close: () => context.close() }
}

/** The toast area (spec §8): the one polite live region fixed at the top of the page. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[role="status"][aria-live="polite"]').filter({ hasText: text })
}

/** A row (desktop table) or card (phone) of a list, whichever the viewport shows. */
export function visibleItem(page: Page, attribute: string, value: string | number) {
  return page.locator(`[${attribute}="${value}"]`).filter({ visible: true })
}

/** The administrator opens a family account's household from the users tab: its dialog. */
export async function openHouseholdDialog(page: Page, baseURL: string | undefined, account: { id: number; email: string; fullName: string }): Promise<Locator> {
  await openAdminTab(page, baseURL, 'users')
  await page.getByLabel('Filter by email').fill(account.email)
  await visibleItem(page, 'data-user-id', account.id)
    .getByRole('button', { name: /^Household/ })
    .click()
  return page.getByRole('dialog', { name: `Household — ${account.fullName}` })
}

/**
 * A search picker of the console (issue 23: a combobox over the server's search, never a list of
 * everyone): types `text`, waits for the match whose name begins with `name`, and chooses it.
 */
export async function pickMatch(scope: Page | Locator, label: string, text: string, name: string): Promise<void> {
  const box = scope.getByRole('combobox', { name: label, exact: true })
  await box.fill(text)
  await scope.getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click()
  await expect(box).toHaveValue(name)
}
