import { expect, test } from './support/fixtures'

import { addStudent, classNamed, enroll, openPortal, seriousViolations } from './support/portal'
import { AT_DESKTOP_TOO } from './support/ports'
import { smallTargets } from './support/touch-targets'

/** Every portal page, with real data and with its dialogs open: no serious or critical axe findings. */
test('the portal pages have no serious or critical accessibility violations', AT_DESKTOP_TOO, async ({ page, baseURL, families }) => {
  test.setTimeout(90_000)
  await families.signIn(page)
  const student = await addStudent(page.request, baseURL, 'Axe Tester', 7)
  await addStudent(page.request, baseURL, 'Second Tester', 15)
  await enroll(page.request, baseURL, student.id, (await classNamed(page.request, baseURL, 'Ballet Foundations I')).id)

  for (const path of ['/dashboard', '/home', '/account', '/schedule', `/select-classes/${student.id}`]) {
    await openPortal(page, path)
    await page.waitForLoadState('networkidle')
    expect(await seriousViolations(page), path).toEqual([])
  }

  await openPortal(page, '/dashboard')
  await page.getByRole('button', { name: 'View Classes of Axe Tester' }).click()
  await page.getByRole('list', { name: 'Classes of Axe Tester' }).getByRole('button', { name: 'Details' }).click()
  expect(await seriousViolations(page), 'dashboard, classes shown').toEqual([])
  await page.getByRole('button', { name: 'Remove Axe Tester' }).click()
  await expect(page.getByRole('dialog', { name: 'Remove Student' })).toBeVisible()
  expect(await seriousViolations(page), 'dashboard, remove dialog').toEqual([])
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await openPortal(page, '/account')
  await page.getByRole('button', { name: 'Add Student' }).click()
  await page.getByRole('form', { name: 'Add Student' }).getByRole('button', { name: 'Add Student' }).click()
  await expect(page.getByText('Full name is required')).toBeVisible()
  expect(await seriousViolations(page), 'account, add student errors').toEqual([])
  for (const tab of ['Password', 'Notifications']) {
    await page.getByRole('tab', { name: tab }).click()
    await page.waitForLoadState('networkidle')
    expect(await seriousViolations(page), `account, ${tab} tab`).toEqual([])
  }

  await openPortal(page, '/schedule')
  await page
    .getByTestId('day-Monday')
    .getByRole('button', { name: /Ballet Foundations I/ })
    .click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await seriousViolations(page), 'schedule, class dialog').toEqual([])
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Add to calendar' }).click()
  await expect(page.getByRole('dialog', { name: 'Add to your calendar' }).getByRole('link', { name: 'Subscribe in Calendar' })).toBeVisible()
  expect(await seriousViolations(page), 'schedule, calendar dialog').toEqual([])
  await page.keyboard.press('Escape')

  await openPortal(page, `/select-classes/${student.id}`)
  await page.getByTestId('class-option').filter({ hasText: 'Jazz & Tap Sampler' }).getByRole('checkbox').check()
  await page.getByTestId('summary-bar').getByRole('button', { name: 'Show list' }).click()
  expect(await seriousViolations(page), 'select classes, summary bar').toEqual([])
  await page.getByTestId('summary-bar').getByRole('button', { name: 'Add to Schedule' }).click()
  await expect(page.getByRole('dialog', { name: 'Confirm Class Selection' })).toBeVisible()
  expect(await seriousViolations(page), 'select classes, confirm dialog').toEqual([])
})

test('the class selection works from the keyboard alone', async ({ page, baseURL, families }) => {
  await families.signIn(page)
  const student = await addStudent(page.request, baseURL, 'Key Board', 7)
  await openPortal(page, `/select-classes/${student.id}`)
  const checkbox = page.getByTestId('class-option').filter({ hasText: 'Jazz & Tap Sampler' }).getByRole('checkbox')
  await checkbox.focus()
  await page.keyboard.press('Space')
  await expect(checkbox).toBeChecked()
  const add = page.getByTestId('summary-bar').getByRole('button', { name: 'Add to Schedule' })
  await add.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Confirm Class Selection' })
  await expect(dialog).toBeVisible()
  // Focus is inside the dialog; Escape closes it and gives focus back.
  await expect(dialog.locator(':focus')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(add).toBeFocused()
})

/** Issue 41: on a phone every control of the family's pages is at least 44 × 44 px. */
test('every touch target of the family pages is at least 44 px on a phone', async ({ page, baseURL, families }) => {
  test.setTimeout(90_000)
  await families.signIn(page)
  const student = await addStudent(page.request, baseURL, 'Thumb Tester', 7)
  await enroll(page.request, baseURL, student.id, (await classNamed(page.request, baseURL, 'Ballet Foundations I')).id)
  const small: Record<string, string[]> = {}
  for (const path of ['/dashboard', '/home', '/account', '/schedule', '/billing', '/inbox', `/select-classes/${student.id}`, '/classes', '/contact']) {
    await openPortal(page, path)
    await page.waitForLoadState('networkidle')
    const found = await smallTargets(page)
    if (found.length > 0) small[path] = found
  }
  await openPortal(page, '/dashboard')
  await page.getByRole('button', { name: 'View Classes of Thumb Tester' }).click()
  const opened = await smallTargets(page)
  if (opened.length > 0) small['/dashboard, classes shown'] = opened
  expect(small).toEqual({})
})
