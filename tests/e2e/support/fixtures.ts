/**
 * The one set of fixtures every journey uses: `test` and `expect` come from here, not from
 * '@playwright/test'.
 * - `adminRequest`: the administrator's own cookie jar (signed in once per worker), for the
 *   data a journey needs made for it: classes, invoices, families.
 * - `families`: new family accounts of the test's own, signed in on a page or a request
 *   context when asked.
 * - `classes`: new classes of the test's own, made through the contract.
 * - `cleanup`: what the test made (families and classes above register themselves; a journey
 *   registers what it makes otherwise), deleted when the test ends, even failed or timed out
 *   (./cleanup.ts).
 * - `api`: JSON calls on the page's own session that throw on a refusal.
 * Each worker also counts the rows journeys could leave behind when it starts and when it
 * stops: a difference fails the run, naming the collections.
 */
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test'

import type { ClassDto, ClassInput } from '#api/classes/schemas'
import { ADMIN, api, createFamilyAccount, E2E_BASE_URL, signIn, type Account } from './accounts'
import { Cleanup, countRows, leftovers } from './cleanup'
import { CLASS_FIELDS } from './portal'

type Families = {
  /** A new family account, signed in nowhere. */
  create(fullName?: string): Promise<Account>
  /** A new family account, signed in on the page (or request context) given. */
  signIn(target: Page | APIRequestContext, fullName?: string): Promise<Account>
}

type Classes = {
  /** A new class made by the administrator through POST /api/classes. */
  create(input: Partial<ClassInput> & Record<string, unknown>): Promise<ClassDto>
  /**
   * A new class written through /cms-api, for the fields the contract's form has no words for
   * (a teacher, a level, days as the app keeps them): the journey defaults (CLASS_FIELDS, ages
   * 6-8) under the given fields. Answers the stored row.
   */
  createInCms(data: Record<string, unknown>): Promise<CmsClass>
}

type CmsClass = { id: number; name: string; days: string }

type TestFixtures = { cleanup: Cleanup; families: Families; classes: Classes; api: ReturnType<typeof api> }
type WorkerFixtures = { adminRequest: APIRequestContext; noLeftovers: void }

export const test = base.extend<TestFixtures, WorkerFixtures>({
  adminRequest: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { origin: new URL(E2E_BASE_URL).origin } })
      await signIn(request, E2E_BASE_URL, ADMIN)
      await use(request)
      await request.dispose()
    },
    { scope: 'worker' },
  ],
  noLeftovers: [
    async ({ adminRequest }, use) => {
      const before = await countRows(adminRequest)
      await use()
      const changed = leftovers(before, await countRows(adminRequest))
      if (changed.length > 0) throw new Error(`the journeys of this worker left rows behind:\n${changed.join('\n')}`)
    },
    { scope: 'worker', auto: true },
  ],
  cleanup: async ({ adminRequest }, use) => {
    const cleanup = new Cleanup(adminRequest)
    await use(cleanup)
    await cleanup.run()
  },
  families: async ({ adminRequest, baseURL, cleanup }, use) => {
    const create = async (fullName?: string) => {
      const account = await createFamilyAccount(adminRequest, fullName)
      cleanup.family(account.id)
      return account
    }
    await use({
      create,
      async signIn(target, fullName) {
        const account = await create(fullName)
        await signIn(target, baseURL, account)
        return account
      },
    })
  },
  classes: async ({ adminRequest, baseURL, cleanup }, use) => {
    await use({
      async create(input) {
        const cls = await api(adminRequest, baseURL).post<ClassDto>('/api/classes', input)
        cleanup.class(cls.id)
        return cls
      },
      async createInCms(data) {
        const created = await adminRequest.post('/cms-api/classes', { data: { ...CLASS_FIELDS, ageGroup: '6-8', ...data } })
        expect(created.ok(), await created.text()).toBe(true)
        const { doc } = (await created.json()) as { doc: CmsClass }
        cleanup.class(doc.id)
        return doc
      },
    })
  },
  api: async ({ page, baseURL }, use) => {
    await use(api(page.request, baseURL))
  },
})

export { expect }
