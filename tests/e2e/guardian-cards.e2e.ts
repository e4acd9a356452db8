import { routeStripeStandIns } from '#tests/support/stripe-js-stand-in'
import { expect, test } from './support/fixtures'

import { openHouseholdDialog } from './support/admin-console'
import { enterCard, stripeStandInUrl } from './support/billing'
import { inviteSecondParent } from './support/second-parent'
import { api, unique } from './support/accounts'
import { bornYearsAgo, seriousViolations } from './support/portal'

/**
 * A guardian's own card under split billing (decisions §36) on a phone: the second parent, who
 * is not the payer, saves their own card and turns autopay on from /account, which calls it "Your
 * card"; the first parent's card section still shows the household's (none saved), and the
 * office's household dialog shows both. Split billing is turned off again, and the journey's
 * accounts leave with it.
 */
test('a second parent saves their own card for the invoices billed to them', async ({ page, browser, baseURL, adminRequest, families, cleanup, classes }) => {
  test.setTimeout(120_000)
  const origin = new URL(baseURL!).origin
  const setSplit = (splitBilling: boolean) => adminRequest.post('/cms-api/globals/tuition-settings', { data: { splitBilling }, headers: { origin } })

  const first = await families.signIn(page, 'Ada First')
  // Only a household with a child in a class may invite (decisions §23).
  const classId = (await classes.createInCms({ name: unique('Card Class '), days: 'Daily', capacity: 8 })).id
  const child = await api(page.request, baseURL).post<{ id: number }>('/api/students', {
    fullName: unique('Cora '),
    dateOfBirth: bornYearsAgo(7),
    experienceLevel: 'Beginner',
  })
  await api(adminRequest, baseURL).post('/api/enrollments', { studentId: child.id, classId })
  const { page: second, context: secondContext } = await inviteSecondParent({ page, browser, baseURL, cleanup, label: 'card' })
  try {
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

    await test.step('the office sees the household without a card and the second parent’s own card paying their invoices', async () => {
      const office = await browser.newContext({ viewport: page.viewportSize() ?? undefined, baseURL })
      try {
        const studio = await office.newPage()
        const cards = (await openHouseholdDialog(studio, baseURL, first)).getByRole('region', { name: 'Cards and autopay' })
        await expect(cards.getByText('Household: No card saved')).toBeVisible()
        const own = cards.getByRole('list', { name: 'Guardians’ own cards' }).getByRole('listitem')
        await expect(own).toHaveCount(1)
        await expect(own).toContainText('Visa ending in 4242')
        await expect(own).toContainText('Autopay on')
        await expect(own.getByText('Pays their invoices')).toBeVisible()
        expect(await seriousViolations(studio)).toEqual([])
      } finally {
        await office.close()
      }
    })
  } finally {
    await setSplit(false)
    await secondContext.close()
  }
})
