import { expect, test } from './support/fixtures'

import type { ClassDto } from '#api/classes/schemas'
import type { EnrollmentDto } from '#api/enrollment/schemas'
import type { StudentDto } from '#api/students/schemas'
import { apiPost, unique } from './support/accounts'
import { familySession, openAdminTab, pickMatch, toast, visibleItem } from './support/admin-console'
import { AT_DESKTOP_TOO } from './support/ports'

test('an admin deactivates a family who then cannot log in, and reactivates them', async ({ page, browser, baseURL, families }) => {
  await openAdminTab(page, baseURL, 'users')
  const family = await families.create(unique('Dormant '))
  const familyView = await familySession(browser, baseURL, family)
  await page.reload()
  await expect(page.getByRole('tablist', { name: 'Administration' })).toHaveAttribute('data-ready', '')

  await page.getByLabel('Filter by email').fill(family.email.toUpperCase())
  await expect(page.getByText('Showing 1 of')).toBeVisible()
  const row = visibleItem(page, 'data-user-id', family.id)
  await expect(row).toContainText('Active')

  await row.getByRole('button', { name: /^Deactivate/ }).click()
  const confirm = page.getByRole('dialog', { name: /^Deactivate .+'s account\?$/ })
  await expect(confirm).toContainText('will no longer be able to log in')
  await expect(confirm).toContainText('is kept')
  await confirm.getByRole('button', { name: 'Deactivate' }).click()
  await expect(toast(page, 'User Status Updated')).toContainText('deactivated')
  await expect(row).toContainText('Inactive')

  // Their open session ended, and they cannot log in again.
  expect((await familyView.request.get('/api/user', { headers: { origin: new URL(baseURL!).origin } })).status()).toBe(401)
  const refused = await apiPost(familyView.request, baseURL, '/api/login', { username: family.username, password: family.password })
  expect(refused.status()).toBe(403)
  expect((await refused.json()).message).toBe('Your account has been deactivated. Please contact the academy.')

  await row.getByRole('button', { name: /^Reactivate/ }).click()
  await expect(toast(page, 'User Status Updated')).toContainText('reactivated')
  await expect(row).toContainText('Active')
  expect((await apiPost(familyView.request, baseURL, '/api/login', { username: family.username, password: family.password })).status()).toBe(200)
  await familyView.close()
})

test('an admin grants and removes admin privileges, and deletes an account after confirming', async ({ page, baseURL, families }) => {
  await openAdminTab(page, baseURL, 'users')
  const family = await families.create(unique('Helper '))
  await page.reload()
  await expect(page.getByRole('tablist', { name: 'Administration' })).toHaveAttribute('data-ready', '')
  await page.getByLabel('Filter by email').fill(family.email)
  const row = visibleItem(page, 'data-user-id', family.id)

  await row.getByRole('button', { name: /^Make Admin/ }).click()
  await expect(toast(page, 'Admin Privileges Updated')).toContainText('is now an administrator')
  await expect(row).toContainText('Admin')
  await row.getByRole('button', { name: /^Remove Admin/ }).click()
  await expect(toast(page, 'Admin Privileges Updated')).toContainText('is no longer an administrator')
  await expect(row).toContainText('Family')

  // decisions §9: the teacher role is one button too.
  await row.getByRole('button', { name: /^Make Teacher/ }).click()
  await expect(toast(page, 'Teacher Role Updated')).toContainText('is now a teacher')
  await expect(row).toContainText('Teacher')
  await row.getByRole('button', { name: /^Remove Teacher/ }).click()
  await expect(toast(page, 'Teacher Role Updated')).toContainText('is no longer a teacher')
  await expect(row).toContainText('Family')

  await row.getByRole('button', { name: /^Delete/ }).click()
  const confirm = page.getByRole('dialog', { name: /^Delete .+'s account\?$/ })
  await expect(confirm).toContainText('This action cannot be undone.')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'User Deleted')).toBeVisible()
  await expect(row).toHaveCount(0)
  await expect(page.getByText('No account matches that search.')).toBeVisible()
})

test("an admin's own account shows its refused actions disabled, with the reason", async ({ page, baseURL }) => {
  await openAdminTab(page, baseURL, 'users')
  const self = page.locator('[data-username="admin"]').filter({ visible: true })
  for (const [button, reason] of [
    [/^Deactivate/, 'You cannot deactivate your own account.'],
    [/^Remove Admin/, 'You cannot remove your own administrator privileges.'],
    [/^Delete/, 'You cannot delete your own account.'],
  ] as const) {
    const action = self.getByRole('button', { name: button })
    await expect(action).toBeDisabled()
    await expect(action).toHaveAccessibleDescription(reason)
    await expect(self.getByText(reason)).toBeVisible()
  }
  await self.getByRole('button', { name: /^Deactivate/ }).click({ force: true })
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('an admin enrolls a student into a class and removes them, with the filters', AT_DESKTOP_TOO, async ({ page, browser, baseURL, families }) => {
  await openAdminTab(page, baseURL, 'students')
  const family = await families.create(unique('Parent '))
  const familyView = await familySession(browser, baseURL, family)
  const studentName = unique('Nina ')
  const created = await apiPost(familyView.request, baseURL, '/api/students', { fullName: studentName, dateOfBirth: '2015-03-02', experienceLevel: 'Beginner' })
  expect(created.status()).toBe(201)
  const student = (await created.json()) as StudentDto
  const klass = ((await (await familyView.request.get('/api/classes')).json()) as ClassDto[]).sort((a, b) => a.name.localeCompare(b.name))[0]!
  const enrollments = async () =>
    (await (
      await familyView.request.get(`/api/students/${student.id}/enrollments`, { headers: { origin: new URL(baseURL!).origin } })
    ).json()) as EnrollmentDto[]

  await page.reload()
  await expect(page.getByRole('tablist', { name: 'Administration' })).toHaveAttribute('data-ready', '')
  await pickMatch(page, 'Filter by user account', family.username, family.fullName)
  await expect(page.getByText(/^Showing 1 of \d+ students?$/)).toBeVisible()
  const row = page.locator(`[data-student-id="${student.id}"]`)
  const toggle = row.getByRole('button', { name: new RegExp(`^${studentName}`) })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(row.getByText('Not enrolled in any class yet.')).toBeVisible()

  const picker = row.getByLabel(`Add ${studentName} to a class`)
  await row.getByRole('button', { name: 'Add to Class' }).click()
  await expect(row.getByText('Please select a class')).toBeVisible()
  await picker.selectOption(String(klass.id))
  await row.getByRole('button', { name: 'Add to Class' }).click()
  await expect(toast(page, `Added ${studentName} to class successfully.`)).toBeVisible()
  await expect(row.getByText(klass.name, { exact: true })).toBeVisible()
  // The dropdown no longer offers a class the student is in.
  await expect(picker.locator(`option[value="${klass.id}"]`)).toHaveCount(0)
  expect((await enrollments()).map((e) => e.classId)).toEqual([klass.id])

  // Filters: by class, then Clear All Filters.
  await page.getByLabel('Filter by class').selectOption(String(klass.id))
  await expect(row).toBeVisible()
  await page.getByRole('button', { name: 'Clear All Filters' }).click()
  await expect(page.getByRole('combobox', { name: 'Filter by user account' })).toHaveValue('')
  await expect(page.getByLabel('Filter by class')).toHaveValue('')
  await expect(page.getByRole('button', { name: 'Clear All Filters' })).toBeDisabled()

  await row.getByRole('button', { name: new RegExp(`^Remove ${studentName}`) }).click()
  const confirm = page.getByRole('dialog', { name: /^Remove .+ from .+\?$/ })
  await expect(confirm).toContainText('This cannot be undone.')
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(toast(page, 'Student removed from class successfully.')).toBeVisible()
  await expect(row.getByText('Not enrolled in any class yet.')).toBeVisible()
  expect(await enrollments()).toEqual([])
  await familyView.close()
})
