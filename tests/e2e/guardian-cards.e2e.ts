import { routeStripeStandIns } from '#tests/support/stripe-js-stand-in'
import { expect, test } from './support/fixtures'
import { api, unique } from './support/accounts'
import { enterCard, stripeStandInUrl } from './support/billing'
import { waitForMail } from './support/mailbox'
import { seriousViolations } from './support/portal'

/**
 * A guardian's own card under split billing (decisions §36) on a phone: the second parent, who
 * is not the payer, saves their own card and turns autopay on from /account, which calls it "Your
 * card"; the first parent's card section still shows the household's (none saved). The switch is
 * turned off again, and the journey's accounts leave with it.
 */
test('a second parent saves their own card for the invoices billed to them', async ({ page, browser, baseURL, adminRequest, families, cleanup }) => {
  test.setTimeout(120_000)
  const origin = new URL(baseURL!).origin
  const setSplit = (splitBilling: boolean) => adminRequest.post('/cms-api/globals/tuition-settings', { data: { splitBilling }, headers: { origin } })

  await families.signIn(page, 'Ada First')
  const family = api(page.request, baseURL)
  const email = `${unique('card-second')}@example.com`
  await family.post('/api/household/invites', { email, access: 'full' })
  const mail = await waitForMail((m) => m.to.includes(email) && m.text.includes('/household/join?token='))
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!
  const username = unique('cardsecond')
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, 40)
  cleanup.familyNamed(username)
  const secondContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined, baseURL })
  const second = await secondContext.newPage()
  try {
    await api(second.request, baseURL).post('/api/household-invites/accept', {
      token,
      account: { fullName: 'Sam Second', username, password: 'second-parent-password-9', phone: null },
    })
    expect((await setSplit(true)).ok()).toBe(true)

    await test.step('the second parent saves their own card and turns autopay on', async () => {
      await routeStripeStandIns(second, { apiBase: stripeStandInUrl() })
      await second.goto('/account')
      const section = second.getByRole('region', { name: 'Card & autopay' })
      await expect(section.getByText('Your card: it pays only the invoices billed to you.', { exact: false })).toBeVisible()
      await expect(section.getByText('No card saved.')).toBeVisible()
      await section.getByRole('button', { name: 'Save a card' }).click()
      await enterCard(second, '4242 4242 4242 4242')
      await section.getByRole('button', { name: 'Save card' }).click()
      await expect(second.getByRole('status').filter({ hasText: 'Card saved' })).toBeVisible()
      await expect(section.getByText('Your card', { exact: true })).toBeVisible()
      await expect(section.getByText('Visa ending in 4242', { exact: true })).toBeVisible()
      const autopay = section.getByRole('switch', { name: 'Autopay' })
      await autopay.click()
      await expect(autopay).toHaveAttribute('aria-checked', 'true')
      expect(await seriousViolations(second)).toEqual([])
    })

    await test.step('the first parent, the payer, still sees the household’s card', async () => {
      await routeStripeStandIns(page, { apiBase: stripeStandInUrl() })
      await page.goto('/account')
      const section = page.getByRole('region', { name: 'Card & autopay' })
      await expect(section.getByText('No card saved.')).toBeVisible()
      await expect(section.getByText('Your card', { exact: true })).toHaveCount(0)
    })
  } finally {
    await setSplit(false)
    await secondContext.close()
  }
})
