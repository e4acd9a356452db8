import { expect, test } from './support/fixtures'

import { api } from './support/accounts'
import { addStudent, classNamed, enroll, expectToast, openPortal } from './support/portal'

test('"Add to calendar" gives a private feed of the week; resetting it on /account retires the old link', async ({ page, baseURL, context, families }) => {
  await families.signIn(page)
  const student = await addStudent(page.request, baseURL, 'Cal Endar', 7)
  await enroll(page.request, baseURL, student.id, (await classNamed(page.request, baseURL, 'Ballet Foundations I')).id)

  await openPortal(page, '/schedule')
  await page.getByRole('button', { name: 'Add to calendar' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add to your calendar' })
  const field = dialog.getByLabel(/copy the link/i)
  await expect(field).toHaveValue(/\/api\/calendar\/\d+\.[\w-]+\.ics$/)
  const url = await field.inputValue()
  await expect(dialog.getByRole('link', { name: 'Subscribe in Calendar' })).toHaveAttribute('href', url.replace(/^https?:/, 'webcal:'))

  // A calendar app fetches it without the session.
  await context.clearCookies()
  const feed = await page.request.get(url)
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  const text = await feed.text()
  expect(text).toContain('SUMMARY:Ballet Foundations I (Cal)')
  expect(text).toContain('RRULE:FREQ=WEEKLY;WKST=MO;BYDAY=MO,WE')
})

test('resetting the calendar link on /account makes the old one stop working', async ({ page, baseURL, families }) => {
  await families.signIn(page)
  const old = (await api(page.request, baseURL).get<{ url: string }>('/api/calendar-link')).url
  expect((await page.request.get(old)).status()).toBe(200)

  await openPortal(page, '/account')
  await page.getByRole('button', { name: 'Reset Calendar Link' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reset Calendar Link' })
  await dialog.getByRole('button', { name: 'Reset Link' }).click()
  await expectToast(page, 'Calendar Link Reset')
  await expect(dialog).toBeHidden()

  expect((await page.request.get(old)).status()).toBe(404)
  const fresh = (await api(page.request, baseURL).get<{ url: string }>('/api/calendar-link')).url
  expect(fresh).not.toBe(old)
  expect((await page.request.get(fresh)).status()).toBe(200)
})
