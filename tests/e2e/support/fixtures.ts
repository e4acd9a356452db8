/**
 * The one set of fixtures every journey uses: `test` and `expect` come from here, not from
 * '@playwright/test'.
 * - `adminRequest`: the administrator's own cookie jar (signed in once per worker), for the
 *   data a journey needs made for it: classes, invoices, families.
 * - `families`: new family accounts of the test's own, signed in on a page or a request
 *   context when asked.
 * - `api`: JSON calls on the page's own session that throw on a refusal.
 */
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test'

import { ADMIN, api, createFamilyAccount, E2E_BASE_URL, signIn, type Account } from './accounts'

type Families = {
  /** A new family account, signed in nowhere. */
  create(fullName?: string): Promise<Account>
  /** A new family account, signed in on the page (or request context) given. */
  signIn(target: Page | APIRequestContext, fullName?: string): Promise<Account>
}

export const test = base.extend<{ families: Families; api: ReturnType<typeof api> }, { adminRequest: APIRequestContext }>({
  adminRequest: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { origin: new URL(E2E_BASE_URL).origin } })
      await signIn(request, E2E_BASE_URL, ADMIN)
      await use(request)
      await request.dispose()
    },
    { scope: 'worker' },
  ],
  families: async ({ adminRequest, baseURL }, use) => {
    await use({
      create: (fullName) => createFamilyAccount(adminRequest, fullName),
      async signIn(target, fullName) {
        const account = await createFamilyAccount(adminRequest, fullName)
        await signIn(target, baseURL, account)
        return account
      },
    })
  },
  api: async ({ page, baseURL }, use) => {
    await use(api(page.request, baseURL))
  },
})

export { expect }
