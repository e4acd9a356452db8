import { expect, test } from './support/fixtures'

import { api, unique } from './support/accounts'
import { openHouseholdDialog, pickMatch, toast } from './support/admin-console'
import { bornYearsAgo, seriousViolations } from './support/portal'

/**
 * Issue 24 on a phone: the same family registered twice. The administrator opens one account's
 * household, chooses the duplicate, reads what moves, and merges; the child of the duplicate is
 * then the kept household's, and the history says so.
 */
test('an administrator merges two households', async ({ page, baseURL, adminRequest, families }) => {
  const admin = api(adminRequest, baseURL)
  const kept = await families.create(unique('Kept Parent '))
  const duplicate = await families.create(unique('Twice Parent '))
  const child = unique('Lina ')
  await admin.post('/api/students', { fullName: child, dateOfBirth: bornYearsAgo(8), experienceLevel: 'Beginner', userId: duplicate.id })

  const dialog = await openHouseholdDialog(page, baseURL, kept)
  await expect(dialog.getByRole('list', { name: 'Guardians' })).toContainText(kept.fullName)

  await pickMatch(dialog, 'Household to merge (any of its guardians)', duplicate.email, duplicate.fullName)
  const moves = dialog.getByRole('definition').filter({ hasText: /^\d+$/ })
  await expect(dialog.getByText('Students', { exact: true })).toBeVisible()
  await expect(moves.first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Merge Households' }).click()
  await dialog.getByRole('group', { name: 'Confirm the merge' }).getByRole('button', { name: 'Confirm Merge' }).click()
  await expect(toast(page, 'Households Merged')).toBeVisible()

  await expect(dialog.getByRole('list', { name: 'Guardians' })).toContainText(duplicate.fullName)
  await expect(dialog.getByRole('list', { name: 'Household history' })).toContainText('Merged a household in')
  const students = await admin.get<{ items: Array<{ fullName: string }> }>(`/api/students?userId=${kept.id}`)
  expect(students.items.map((s) => s.fullName)).toContain(child)
})
