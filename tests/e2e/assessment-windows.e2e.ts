import { addDays } from '#shared/dates'

import { expect, test } from './support/fixtures'

import { api, unique } from './support/accounts'
import { openAdminTab } from './support/admin-console'
import { CLASS_FIELDS, seriousViolations } from './support/portal'

/**
 * Issue 41 on a phone: the owner opens an assessment window in the console, not in /cms. A class
 * with no syllabus level is named before anything is opened; 'Open anyway' opens it; the window
 * is then changed until it is published.
 */
test('the office opens an assessment in the console, is told which class has no level, opens it anyway and renames it', async ({
  page,
  baseURL,
  adminRequest,
  classes,
  cleanup,
}) => {
  const plain = await classes.create({ ...CLASS_FIELDS, name: unique('No Level Ballet '), ageGroup: '6-8' })
  const today = new Date().toISOString().slice(0, 10)
  const closesOn = addDays(today, 7)
  const name = unique('Winter assessment ')

  await openAdminTab(page, baseURL, 'assessments')
  await page.getByRole('button', { name: 'New assessment' }).click()
  const dialog = page.getByRole('dialog', { name: 'New assessment' })
  await dialog.getByRole('button', { name: 'Open assessment' }).click()
  await expect(dialog.getByText('Please give the assessment a name')).toBeVisible()
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Opens on').fill(today)
  await dialog.getByLabel('Closes on').fill(closesOn)
  await dialog.getByRole('checkbox', { name: plain.name }).check()
  await dialog.getByRole('button', { name: 'Open assessment' }).click()

  // The server names the class and opens nothing until the office confirms.
  await expect(dialog.getByText(`${plain.name} has no syllabus level`)).toBeVisible()
  const admin = api(adminRequest, baseURL)
  const named = async () => (await admin.get<Array<{ id: number; name: string }>>('/api/admin/assessment-windows')).filter((w) => w.name.startsWith(name))
  expect(await named()).toEqual([])
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Open anyway' }).click()
  await expect(page.getByText('Assessment opened')).toBeVisible()
  await expect(dialog).toBeHidden()
  const [opened] = await named()
  expect(opened).toBeDefined()
  cleanup.assessmentWindow(opened!.id)

  // Changed until it is published: a new name, the same days and class.
  await page.getByLabel('Assessment window').selectOption({ label: `${name} (${today} to ${closesOn})` })
  await page.getByRole('button', { name: `Change ${name}` }).click()
  const change = page.getByRole('dialog', { name: `Change ${name}` })
  await expect(change.getByRole('checkbox', { name: plain.name })).toBeChecked()
  await change.getByLabel('Name').fill(`${name} (moved)`)
  await change.getByRole('button', { name: 'Save changes' }).click()
  // Still no level: the confirmation is asked for again, then it is saved.
  await change.getByRole('button', { name: 'Open anyway' }).click()
  await expect(page.getByText('Assessment saved')).toBeVisible()
  await expect(page.getByLabel('Assessment window')).toContainText(`${name} (moved)`)
  expect((await named()).map((w) => w.name)).toEqual([`${name} (moved)`])
})
