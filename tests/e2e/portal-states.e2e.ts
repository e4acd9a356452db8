import { expect, test } from './support/fixtures'

import { unique } from './support/accounts'
import { addStudent, CLASS_FIELDS, classNamed, enroll, expectToast, openPortal } from './support/portal'

test('class browsing filters by age group, expands a card and sends "Add to My Classes" to the account', async ({ page, families }) => {
  await families.signIn(page)
  await openPortal(page, '/home')
  await expect(page.getByRole('link', { name: 'View Weekly Schedule' })).toHaveAttribute('href', '/schedule')
  const chips = page.getByRole('group', { name: 'Filter classes by age group' }).getByRole('button')
  await expect(chips.first()).toHaveText('All Ages')
  // The age groups come with the class list: read them once it has arrived.
  await expect(chips.filter({ hasText: 'Ages 13-17' })).toHaveCount(1)
  const labels = await chips.allTextContents()
  // Numerically, '+' groups last (decisions §4).
  expect(labels.indexOf('Ages 3-5')).toBeLessThan(labels.indexOf('Ages 13-17'))
  expect(labels.at(-1)).toMatch(/\+$/)

  await page.getByRole('button', { name: 'Ages 13-17' }).click()
  await expect(page.getByRole('button', { name: 'Ages 13-17' })).toHaveAttribute('aria-pressed', 'true')
  const cards = page.getByTestId('class-card')
  await expect(cards.first()).toBeVisible()
  for (const text of await cards.allTextContents()) expect(text).toContain('Ages 13-17')

  const pointe = cards.filter({ hasText: 'Pointe & Variations' })
  await expect(pointe).toContainText('$110/mo')
  await expect(pointe.getByText('Location:')).toBeHidden()
  await pointe.getByRole('button', { name: 'Details' }).click()
  await expect(pointe.getByText('Location:')).toBeVisible()
  await pointe.getByRole('button', { name: /Add to My Classes/ }).click()
  await expect(page).toHaveURL(/\/account$/)
})

test('adding with nothing selected says No Classes Selected', async ({ page, baseURL, families }) => {
  await families.signIn(page)
  const student = await addStudent(page.request, baseURL, 'Empty Picker', 7)
  await openPortal(page, `/select-classes/${student.id}`)
  const option = page.getByTestId('class-option').filter({ hasText: 'Ballet Foundations I' })
  await option.getByRole('checkbox').check()
  await option.getByRole('checkbox').uncheck()
  const bar = page.getByTestId('summary-bar')
  await expect(bar).toContainText('0 classes selected')
  await bar.getByRole('button', { name: 'Add to Schedule' }).click()
  await expectToast(page, 'No Classes Selected', 'Please select at least one class to add.')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a full class shows Full and cannot be chosen', async ({ page, baseURL, families, classes, playwright }) => {
  const name = unique('Full Class ')
  const cls = await classes.create({ ...CLASS_FIELDS, name, ageGroup: '6-8', capacity: 1 })
  const other = await playwright.request.newContext({ baseURL })
  await families.signIn(other)
  const taker = await addStudent(other, baseURL, 'Seat Taker', 7)
  await enroll(other, baseURL, taker.id, cls.id)
  await other.dispose()

  await families.signIn(page)
  const student = await addStudent(page.request, baseURL, 'Too Late', 7)
  await openPortal(page, `/select-classes/${student.id}`)
  const option = page.getByTestId('class-option').filter({ hasText: name })
  await expect(option.getByText('Full', { exact: true })).toBeVisible()
  await expect(option.getByRole('checkbox')).toBeDisabled()
  await expect(option.getByRole('checkbox')).toHaveAccessibleDescription('This class is full.')
})

test('the selection shows both empty states: nothing for the age, then everything taken', async ({ page, baseURL, families, classes }) => {
  await families.signIn(page)
  // No class of the academy takes two-year-olds…
  const toddler = await addStudent(page.request, baseURL, 'Tiny Toddler', 2)
  await openPortal(page, `/select-classes/${toddler.id}`)
  await expect(page.getByText("No recommended classes available for this student's age group.")).toBeVisible()

  // …until one opens, and the toddler takes it.
  const cls = await classes.create({ ...CLASS_FIELDS, name: unique('Toddler Class '), ageGroup: '2-3' })
  await enroll(page.request, baseURL, toddler.id, cls.id)
  await openPortal(page, `/select-classes/${toddler.id}`)
  await expect(page.getByText('This student is already enrolled in all available classes for their age group.')).toBeVisible()
  await page.getByRole('link', { name: 'Return to Account' }).click()
  await expect(page).toHaveURL(/\/account$/)
})

test("a chosen age group shows every class of that group the student is not in; another age group's cannot be chosen", async ({ page, baseURL, families }) => {
  await families.signIn(page)
  const student = await addStudent(page.request, baseURL, 'Group Browser', 7)
  const foundations = await classNamed(page.request, baseURL, 'Ballet Foundations I')
  await enroll(page.request, baseURL, student.id, foundations.id)
  await openPortal(page, `/select-classes/${student.id}`)
  await expect(page.getByTestId('class-option').filter({ hasText: 'Intermediate Ballet' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Ages 13-17' }).click()
  // Another age group's classes are shown, but cannot be chosen, and say why (the server would refuse them).
  const older = page.getByTestId('class-option').filter({ hasText: 'Intermediate Ballet' })
  await expect(older).toBeVisible()
  await expect(older.getByRole('checkbox')).toBeDisabled()
  await expect(older.getByRole('checkbox')).toHaveAccessibleDescription('Group Browser is not in the age group of Intermediate Ballet (ages 13-17).')
  await page.getByRole('button', { name: 'Ages 6-8' }).click()
  const jazz = page.getByTestId('class-option').filter({ hasText: 'Jazz & Tap Sampler' })
  await expect(jazz).toBeVisible()
  await expect(jazz.getByRole('checkbox')).toBeEnabled()
  await expect(page.getByTestId('class-option').filter({ hasText: 'Ballet Foundations I' })).toHaveCount(0)
})

test("a refused enrollment shows the server's message", async ({ page, baseURL, families }) => {
  await families.signIn(page)
  const student = await addStudent(page.request, baseURL, 'Refused Once', 7)
  await openPortal(page, `/select-classes/${student.id}`)
  await page.route('**/api/enrollments', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'This class is full.' }) })
      : route.fallback(),
  )
  await page.getByTestId('class-option').filter({ hasText: 'Jazz & Tap Sampler' }).getByRole('checkbox').check()
  await page.getByTestId('summary-bar').getByRole('button', { name: 'Add to Schedule' }).click()
  await page.getByRole('dialog', { name: 'Confirm Class Selection' }).getByRole('button', { name: 'Confirm & Add to Schedule' }).click()
  await expectToast(page, 'Error', 'This class is full.')
  await expect(page).toHaveURL(/\/select-classes\/\d+$/)
})

test('lists show their skeleton rows while loading: 2 for students, 3 for classes', async ({ page, baseURL, families }) => {
  await families.signIn(page)
  const student = await addStudent(page.request, baseURL, 'Slow Loader', 7)
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/students', async (route) => {
    await gate
    await route.fallback()
  })
  await openPortal(page, '/account')
  await expect(page.getByRole('region', { name: 'My Students' }).locator('[data-skeleton-row]')).toHaveCount(2)
  release()
  await expect(page.getByRole('list', { name: 'Students' })).toContainText('Slow Loader')
  await page.unroute('**/api/students')

  let releaseClasses: () => void = () => {}
  const classesGate = new Promise<void>((resolve) => (releaseClasses = resolve))
  await page.route('**/api/classes', async (route) => {
    await classesGate
    await route.fallback()
  })
  await openPortal(page, `/select-classes/${student.id}`)
  await expect(page.locator('[data-skeleton-row]')).toHaveCount(3)
  releaseClasses()
  await expect(page.getByTestId('class-option').first()).toBeVisible()
})

test('the notification settings show an error card whose Try Again reloads them', async ({ page, families }) => {
  await families.signIn(page)
  await page.route('**/api/notification-preferences', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Down"}' }))
  await openPortal(page, '/account')
  await page.getByRole('tab', { name: 'Notifications' }).click()
  await expect(page.getByText('There was an error loading your notification settings.')).toBeVisible()
  await page.unroute('**/api/notification-preferences')
  await page.getByRole('button', { name: 'Try Again' }).click()
  await page.getByRole('tab', { name: 'Notifications' }).click()
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).toHaveAttribute('aria-checked', 'true')
})

test('the settings tabs follow the arrow keys', async ({ page, families }) => {
  await families.signIn(page)
  await openPortal(page, '/account')
  await page.getByRole('tab', { name: 'Profile' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab', { name: 'Password' })).toBeFocused()
  await expect(page.getByRole('tabpanel')).toContainText('Current Password')
  await page.keyboard.press('End')
  await expect(page.getByRole('tab', { name: 'Notifications' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true')
})

test('Sign Out says Signing Out... while it runs, and Logged out on the sign-in page', async ({ page, families }) => {
  await families.signIn(page)
  await openPortal(page, '/account')
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/logout', async (route) => {
    await gate
    await route.fallback()
  })
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page.getByRole('button', { name: 'Signing Out...' })).toBeDisabled()
  release()
  await expect(page).toHaveURL(/\/auth$/)
  // The toast is carried over the page change, and shown once.
  await expectToast(page, 'Logged out', "You've been successfully logged out.")
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Logged out' })).toHaveCount(0)
})

test('a toast stays on top of a dialog opened while it shows (issue 41)', async ({ page, baseURL, families }) => {
  await families.signIn(page)
  await addStudent(page.request, baseURL, 'Toast Tester', 7)
  await page.clock.install()
  await openPortal(page, '/dashboard')
  // The page's clock stands still from here, so the toast (4 s) cannot time out while a slow
  // machine loads the dashboard or under the checks below. The data's own timers are moved on by
  // a few milliseconds at a time until the student is listed, far short of the toast's time.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
  await page.evaluate(() => sessionStorage.setItem('academy-flash', JSON.stringify({ title: 'Carried over', at: Date.now() })))
  await openPortal(page, '/dashboard')
  await expectToast(page, 'Carried over')
  const remove = page.getByRole('button', { name: 'Remove Toast Tester' })
  await expect
    .poll(async () => {
      await page.clock.runFor(5)
      return remove.isVisible()
    })
    .toBe(true)
  await remove.click()
  const dialog = page.getByRole('dialog', { name: 'Remove Student' })
  await expect(dialog).toBeVisible()
  // The toast is in the dialog, above its backdrop: what is hit at its middle is the toast, and it can be dismissed.
  const title = dialog.getByRole('status').getByText('Carried over')
  const box = (await title.boundingBox())!
  const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.textContent ?? '', [box.x + box.width / 2, box.y + box.height / 2])
  expect(hit).toContain('Carried over')
  await dialog.getByRole('button', { name: 'Dismiss notification' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Carried over' })).toHaveCount(0)
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await page.clock.resume()
  // Shown once: the next page does not replay it.
  await openPortal(page, '/account')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Carried over' })).toHaveCount(0)
})
