import { WEEKDAYS } from '#shared/schedule'
import { expect, test } from './support/fixtures'

import { api, unique } from './support/accounts'
import { familySession } from './support/admin-console'
import { addStudent, CLASS_FIELDS, enroll, openPortal, seriousViolations } from './support/portal'
import { AT_DESKTOP_TOO } from './support/ports'

/*
 * Issue 23, catalogue to enrollment without losing the class, on a phone: the catalogue says
 * how many places are left, which classes are full and that they have a waitlist; a visitor
 * signs up from a class and, once a child is added, finds that class chosen for the child; a
 * signed-in family adds a class for the child it picks and sees the first class date.
 */

const FIRST_CLASS = /first class (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d{1,2}, \d{4}, 4:00-5:00pm/

test(
  'a visitor sees places left and Full, signs up from a class and finds it chosen for the child',
  AT_DESKTOP_TOO,
  async ({ page, baseURL, browser, families, classes, cleanup }) => {
    test.setTimeout(120_000)
    const open = await classes.create({ ...CLASS_FIELDS, name: unique('Catalogue Open '), ageGroup: '6-8', capacity: 3 })
    const full = await classes.create({ ...CLASS_FIELDS, name: unique('Catalogue Full '), ageGroup: '6-8', capacity: 1 })
    const seatedFamily = await families.create('Seated Parent')
    const seated = await familySession(browser, baseURL, seatedFamily)
    const seatedDancer = await addStudent(seated.request, baseURL, 'Seated Dancer', 7)
    await enroll(seated.request, baseURL, seatedDancer.id, full.id)
    await enroll(seated.request, baseURL, seatedDancer.id, open.id)
    await seated.close()

    await page.goto('/classes?age=6-8')
    const openCard = page.locator('[data-class-card]').filter({ hasText: open.name })
    const fullCard = page.locator('[data-class-card]').filter({ hasText: full.name })
    await expect(openCard.getByText('2 places left')).toBeVisible()
    await expect(openCard.getByText(/waitlist/)).toBeHidden()
    await expect(fullCard.getByText('Full', { exact: true })).toBeVisible()
    await expect(fullCard.getByText('A waitlist is open: sign in to join it.')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    // The cards the filter script draws from the API say the same.
    await page.getByRole('navigation', { name: 'Filter classes by age group' }).getByRole('link', { name: 'All Ages' }).click()
    await expect(page).toHaveURL(/\/classes$/)
    await expect(openCard.getByText('2 places left')).toBeVisible()
    await expect(fullCard.getByText('Full', { exact: true })).toBeVisible()
    await expect(openCard.getByRole('link', { name: /^Sign Up to Enroll/ })).toHaveAttribute('href', `/auth?mode=register&class=${open.id}`)

    // Sign Up to Enroll opens registration (not log in), with the class kept in the address.
    await openCard.getByRole('link', { name: /^Sign Up to Enroll/ }).click()
    await expect(page).toHaveURL(new RegExp(`/auth\\?mode=register&class=${open.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible()
    const toggle = page.getByRole('navigation', { name: 'Log in or create an account' })
    await expect(toggle.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', `/auth?class=${open.id}`)
    // Terms and privacy are real pages.
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms')
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
    expect(await seriousViolations(page)).toEqual([])

    const username = unique('catalogue')
    cleanup.familyNamed(username)
    await page.getByLabel('Full Name').fill('Casey Catalogue')
    await page.getByLabel('Email').fill(`${username}@example.com`)
    await page.getByLabel('Username').fill(username)
    await page.getByLabel('Password', { exact: true }).fill('tutu-and-pointe-7')
    await page.getByLabel('Confirm Password').fill('tutu-and-pointe-7')
    await page.getByRole('button', { name: 'Create Account' }).click()

    // The family lands where it adds a child, told which class it is for.
    await expect(page).toHaveURL(new RegExp(`/account\\?add=student&class=${open.id}$`))
    await expect(page.getByTestId('class-choice')).toContainText(`Enroll in ${open.name}`)
    const form = page.getByRole('form', { name: 'Add Student' })
    await form.getByLabel('Full Name').fill('Riley Catalogue')
    const born = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000)
    born.setUTCFullYear(born.getUTCFullYear() - 7)
    await form.getByLabel('Date of Birth').fill(born.toISOString().slice(0, 10))
    await form.getByRole('button', { name: 'Add Student' }).click()

    // With the only child, the choice is made but still confirmed.
    const dialog = page.getByRole('dialog', { name: `Add ${open.name} to My Classes` })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('radio', { name: /Riley Catalogue/ })).toBeChecked()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Continue' }).click()

    await expect(page).toHaveURL(new RegExp(`/select-classes/\\d+\\?class=${open.id}$`))
    const option = page.getByTestId('class-option').filter({ hasText: open.name })
    await expect(option.getByRole('checkbox')).toBeChecked()
    await expect(page.getByTestId('summary-bar')).toContainText('1 class selected')
    expect(await seriousViolations(page)).toEqual([])
  },
)

test('a signed-in family adds a class for the child it picks and sees the first class date', async ({ page, baseURL, families, classes }) => {
  test.setTimeout(120_000)
  const cls = await classes.create({
    ...CLASS_FIELDS,
    days: undefined,
    time: undefined,
    weekdays: [...WEEKDAYS],
    startTime: '16:00',
    endTime: '17:00',
    name: unique('Catalogue Add '),
    ageGroup: '6-8',
    capacity: 10,
  })
  await families.signIn(page, 'Picking Parent')
  await addStudent(page.request, baseURL, 'Younger Dancer', 4)
  const older = await addStudent(page.request, baseURL, 'Older Dancer', 7)
  const sibling = await addStudent(page.request, baseURL, 'Sibling Dancer', 8)

  await page.goto('/classes?age=6-8')
  const card = page.locator('[data-class-card]').filter({ hasText: cls.name })
  await expect(card.getByText('10 places left')).toBeVisible()
  await card.getByRole('link', { name: /^Add to My Classes/ }).click()

  await expect(page).toHaveURL(new RegExp(`/account\\?class=${cls.id}$`))
  const dialog = page.getByRole('dialog', { name: `Add ${cls.name} to My Classes` })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('radio', { name: /Younger Dancer/ })).toBeDisabled()
  await expect(dialog.getByText('Age 4: this class is for ages 6-8')).toBeVisible()
  // Two children fit: none is chosen for the family.
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled()
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('radio', { name: /Sibling Dancer/ }).check()
  await dialog.getByRole('button', { name: 'Continue' }).click()

  await expect(page).toHaveURL(new RegExp(`/select-classes/${sibling.id}\\?class=${cls.id}$`))
  await openPortal(page, page.url())
  await page.getByTestId('summary-bar').getByRole('button', { name: 'Add to Schedule' }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirm Class Selection' })
  await expect(confirm).toContainText(cls.name)
  await confirm.getByRole('button', { name: 'Confirm & Add to Schedule' }).click()

  await expect(page).toHaveURL(new RegExp(`/schedule\\?student=${sibling.id}&added=${cls.id}$`))
  const notice = page.getByTestId('first-class-notice')
  await expect(notice).toContainText("Added to Sibling Dancer's schedule")
  await expect(notice).toContainText(cls.name)
  await expect(notice).toContainText(FIRST_CLASS)
  expect(await seriousViolations(page)).toEqual([])

  const enrolled = await api(page.request, baseURL).get<Array<{ classId: number }>>(`/api/students/${sibling.id}/enrollments`)
  expect(enrolled.map((e) => e.classId)).toEqual([cls.id])
  const notEnrolled = await api(page.request, baseURL).get<Array<{ classId: number }>>(`/api/students/${older.id}/enrollments`)
  expect(notEnrolled).toEqual([])
})

test('the terms and privacy pages are real pages from the site texts, linked from every footer', async ({ page }) => {
  await page.goto('/classes')
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('link', { name: 'Terms of Service' }).click()
  await expect(page).toHaveURL(/\/terms$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
  await expect(page.getByText(/the academy reviews and edits it/)).toBeVisible()
  await expect(page.locator('main')).toContainText('waitlist')
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveURL(/\/privacy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
