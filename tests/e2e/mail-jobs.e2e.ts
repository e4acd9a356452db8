import { ADMIN, signIn } from './support/accounts'
import { expect, test } from './support/fixtures'

/**
 * Mail is a job of Payload's queue (docs/decisions/018); an administrator reads the jobs, a
 * failed mail among them, in /cms under System.
 */
test('an administrator opens the mail jobs in /cms; a family cannot', async ({ page, browser, baseURL, families }) => {
  await page.goto('/cms/login')
  await page.getByLabel(/username/i).fill(ADMIN.username)
  await page.getByLabel(/password/i).fill(ADMIN.password)
  await page.getByRole('button', { name: /log ?in/i }).click()
  await expect(page).toHaveURL(/\/cms\/?$/, { timeout: 15_000 })
  await page.goto('/cms/collections/payload-jobs')
  await expect(page.getByRole('heading', { level: 1, name: 'Payload Jobs' })).toBeVisible()

  const family = await families.create()
  const context = await browser.newContext({ baseURL })
  await signIn(context.request, baseURL, family)
  const asFamily = await context.request.get('/cms-api/payload-jobs')
  expect([401, 403]).toContain(asFamily.status())
  await context.close()
})
