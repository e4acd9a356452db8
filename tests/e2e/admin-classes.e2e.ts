import { expect, test } from './support/fixtures'

import type { ClassDto } from '#api/schemas/classes'
import { DEMO_FAMILY, unique } from './support/accounts'
import { familySession, openAdminTab, toast, visibleItem } from './support/admin-console'

// Other journeys count the catalogue's classes: a class this file added never outlives its test.
test.afterEach(async ({ page, baseURL }) => {
  const name = test.info().annotations.find((a) => a.type === 'class')?.description
  if (!name) return
  const left = ((await (await page.request.get('/api/classes')).json()) as ClassDto[]).filter((item) => item.name === name)
  for (const item of left) await page.request.delete(`/api/classes/${item.id}`, { headers: { origin: new URL(baseURL!).origin } })
})

test('an admin adds a class in dollars, families see it, and the admin edits and deletes it', async ({ page, browser, baseURL }) => {
  await openAdminTab(page, baseURL, 'classes')
  const name = unique('Adagio Lab ')
  test.info().annotations.push({ type: 'class', description: name })

  await page.getByRole('button', { name: 'Add New Class' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Class' })
  await dialog.getByRole('button', { name: 'Create Class' }).click()
  for (const message of [
    'Name must be at least 3 characters',
    'Description must be at least 10 characters',
    'Age group is required',
    'Level is required',
    'Days is required',
    'Time is required',
    'Location is required',
    'Instructor is required',
    'Price is required',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible()
  }
  await dialog.getByLabel('Monthly Price (USD)').fill('0')
  await dialog.getByRole('button', { name: 'Create Class' }).click()
  await expect(dialog.getByText('Price must be positive')).toBeVisible()

  await dialog.getByLabel('Class Name').fill(name)
  await dialog.getByLabel('Description').fill('Slow, controlled work on balance and line.')
  await dialog.getByLabel('Age Group').fill('13-17')
  await dialog.getByLabel('Level').fill('Intermediate')
  await dialog.getByLabel('Days').fill('Tuesday & Thursday')
  await dialog.getByLabel('Time').fill('6:00-7:30pm')
  await dialog.getByLabel('Location').fill('Studio B')
  await dialog.getByLabel('Instructor').fill('Ms. Laurent')
  await dialog.getByLabel('Monthly Price (USD)').fill('72.50')
  await dialog.getByLabel('Capacity (optional)').fill('8')
  await dialog.getByRole('button', { name: 'Create Class' }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page, 'Class Created')).toContainText(name)

  // A family sees the class through the contract and on the public catalogue.
  const family = await familySession(browser, baseURL, DEMO_FAMILY)
  const catalogue = (await (await family.request.get('/api/classes')).json()) as ClassDto[]
  const created = catalogue.find((item) => item.name === name)
  expect(created).toMatchObject({ price: 7250, capacity: 8, ageGroup: '13-17', days: 'Tuesday & Thursday' })
  await family.page.goto('/classes')
  await expect(family.page.getByRole('heading', { name })).toBeVisible()

  const row = visibleItem(page, 'data-class-id', created!.id)
  await expect(row).toContainText('$72.50/month')
  await expect(row).toContainText('0 of 8 places taken')
  await row.getByRole('button', { name: /^Edit/ }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Class' })
  await expect(edit.getByLabel('Monthly Price (USD)')).toHaveValue('72.50')
  await edit.getByLabel('Monthly Price (USD)').fill('75')
  await edit.getByLabel('Capacity (optional)').fill('')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'Class Updated')).toBeVisible()
  await expect(row).toContainText('$75.00/month')
  await expect(row).toContainText('no limit')
  const updated = ((await (await family.request.get('/api/classes')).json()) as ClassDto[]).find((item) => item.id === created!.id)
  expect(updated).toMatchObject({ price: 7500, capacity: null })

  await row.getByRole('button', { name: /^Delete/ }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete class?' })
  await expect(confirm).toContainText('Are you sure you want to delete this class? This action cannot be undone.')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Class Deleted')).toBeVisible()
  await expect(row).toHaveCount(0)
  const after = (await (await family.request.get('/api/classes')).json()) as ClassDto[]
  expect(after.some((item) => item.id === created!.id)).toBe(false)
  await family.close()
})

test('the server refusing a class shows its message in the form', async ({ page, baseURL }) => {
  await openAdminTab(page, baseURL, 'classes')
  await page.route('**/api/classes', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          json: { message: 'Age group must look like "6-8" or "18+"', errors: [{ path: 'ageGroup', message: 'Age group must look like "6-8" or "18+"' }] },
        })
      : route.fallback(),
  )
  await page.getByRole('button', { name: 'Add New Class' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Class' })
  for (const [label, value] of [
    ['Class Name', 'Refused class'],
    ['Description', 'A class the server refuses.'],
    ['Age Group', '6-8'],
    ['Level', 'Beginner'],
    ['Days', 'Monday'],
    ['Time', '4:00-5:00pm'],
    ['Location', 'Studio A'],
    ['Instructor', 'Ms. Test'],
    ['Monthly Price (USD)', '65'],
  ] as const) {
    await dialog.getByLabel(label, { exact: true }).fill(value)
  }
  await dialog.getByRole('button', { name: 'Create Class' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Failed to create class')
  await expect(dialog.getByText('Age group must look like "6-8" or "18+"').first()).toBeVisible()
  await expect(dialog).toBeVisible()
})
