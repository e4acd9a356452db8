import type { Locator, Page } from '@playwright/test'

import { expect, test } from './support/fixtures'

import { unique } from './support/accounts'
import { bornYearsAgo, expectToast, openPortal, seriousViolations } from './support/portal'

/** 60 characters, as a parent may well type a child's full name. */
const LONG_NAME = 'Maximiliana Alexandrina Wilhelmina Fitzgerald-Montgomery III'
/** 'Tue, Dec 1' or 'Tue, Jan 5, 2027': every self-service date names its weekday. */
const WITH_WEEKDAY = /(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}(?!\d)/

/** Nothing is cut off or pushed sideways: the element's text fits its box and the page does not scroll sideways. */
async function expectNoOverflow(page: Page, element: Locator) {
  const box = await element.evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }))
  expect(box.scroll).toBeLessThanOrEqual(box.client)
  const pageWidth = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  expect(pageWidth.scroll).toBeLessThanOrEqual(pageWidth.client)
}

/**
 * decisions §18 on a phone: a parent corrects a child's name to a long one (it wraps on the
 * card, the schedule and in dialogs), removes a class and sees the drop's last day and cost
 * before confirming, and books a makeup seeing the classes of the same style first, every date
 * with its weekday. The classes are the test's own and leave with it.
 */
test('a parent edits a child, removes a class through the drop rules and books a makeup of the same style', async ({
  page,
  adminRequest,
  families,
  api: family,
  classes,
}) => {
  // A phone journey: the 60-character name must wrap at 390 px; a desktop card is wide enough for one line.
  test.skip(test.info().project.name !== 'phone', 'the wrapping is checked at phone size')
  test.setTimeout(120_000)
  const stamp = unique('')
  const names = { missed: `Ballet Steps ${stamp}`, ballet: `Ballet Studio ${stamp}`, jazz: `Jazz Hop ${stamp}` }
  const ids: Record<keyof typeof names, number> = { missed: 0, ballet: 0, jazz: 0 }
  for (const key of Object.keys(names) as Array<keyof typeof names>) {
    ids[key] = (await classes.createInCms({ name: names[key], days: 'Daily', capacity: 8 })).id
  }
  await families.signIn(page, 'Editing Parent')
  const student = await family.post<{ id: number }>('/api/students', { fullName: 'Max Short', dateOfBirth: bornYearsAgo(7), experienceLevel: 'Beginner' })
  // In the class for two weeks already (the studio enrolls with a start date), so Remove is a drop;
  // an enrollment whose class has not met yet is undone outright (portal-journey covers that).
  const started = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10)
  const enrolled = await adminRequest.post('/api/enrollments', { data: { studentId: student.id, classId: ids.missed, enrollmentDate: started } })
  expect(enrolled.status(), await enrolled.text()).toBe(201)

  await openPortal(page, '/dashboard')

  await test.step("edit the child's name to a 60-character one, which wraps on the card", async () => {
    await page.getByRole('button', { name: 'Edit Max Short' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Max Short' })
    await expect(dialog.getByLabel('Full Name')).toHaveValue('Max Short')
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByLabel('Full Name').fill('M')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(dialog.getByText('Full name must be at least 2 characters')).toBeVisible()
    await dialog.getByLabel('Full Name').fill(LONG_NAME)
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(dialog).toHaveCount(0)
    await expectToast(page, 'Student Updated', `${LONG_NAME}'s details have been saved.`)
    const heading = page.getByTestId('student-card').getByRole('heading', { name: LONG_NAME })
    await expect(heading).toBeVisible()
    await expectNoOverflow(page, heading)
    // Wrapped onto more than one line, not cut off.
    const lineHeight = await heading.evaluate((node) => parseFloat(getComputedStyle(node).lineHeight))
    expect((await heading.boundingBox())!.height).toBeGreaterThan(lineHeight * 1.5)
  })

  await test.step('remove the class: a drop whose last day and cost are shown before confirming', async () => {
    await page.getByRole('button', { name: `View Classes of ${LONG_NAME}` }).click()
    await page.getByRole('button', { name: `Remove ${names.missed}` }).click()
    const dialog = page.getByRole('dialog', { name: `Remove ${names.missed}` })
    await expect(dialog).toContainText('is a drop with notice')
    await expect(dialog).toContainText(new RegExp(`earliest last day is ${WITH_WEEKDAY.source}`))
    const preview = dialog.getByTestId('drop-preview')
    await expect(preview).toContainText(new RegExp(`Last day: ${WITH_WEEKDAY.source}`))
    await expect(preview).toContainText(new RegExp(`The place is free from ${WITH_WEEKDAY.source}`))
    await expect(preview).toContainText(/Tuition for [A-Z][a-z]{2} \d{4}: \$\d+\.\d{2}/)
    await expectNoOverflow(page, dialog)
    expect(await seriousViolations(page)).toEqual([])
    const lastDay = (await preview.getByText(/^Last day:/).textContent())!.replace('Last day: ', '')
    await dialog.getByRole('button', { name: 'Confirm Drop' }).click()
    await expect(dialog).toHaveCount(0)
    await expectToast(page, 'Drop scheduled', `${LONG_NAME}'s last day in ${names.missed} is`)
    // Still in the class until its last day; the removal can be moved or undone, not repeated.
    await expect(page.getByText(`Last day: ${lastDay}`)).toBeVisible()
    await expect(page.getByRole('button', { name: `Undo Drop of ${names.missed}` })).toBeVisible()
    await expect(page.getByRole('button', { name: `Remove ${names.missed}` })).toHaveCount(0)
  })

  await test.step('book a makeup: the same style first, every day with its weekday', async () => {
    await page.getByRole('button', { name: `Report Absence from ${names.missed}` }).click()
    const report = page.getByRole('dialog', { name: 'Report Absence' })
    const day = report.getByLabel('Class day')
    await expect(day.locator('option').first()).toHaveText(WITH_WEEKDAY)
    await day.selectOption({ index: 1 })
    await report.getByRole('button', { name: 'Report Absence' }).click()
    await expect(report).toHaveCount(0)
    await expectToast(page, 'Absence reported')
    const absence = page.getByTestId('absence').filter({ hasText: names.missed })
    await expect(absence.getByText(new RegExp(`${names.missed}, ${WITH_WEEKDAY.source}`))).toBeVisible()

    await absence.getByRole('button', { name: new RegExp(`^Book Makeup for ${names.missed}`) }).click()
    const dialog = page.getByRole('dialog', { name: 'Book a Makeup' })
    const sameStyle = dialog.getByRole('group', { name: `Same style as ${names.missed}` })
    const others = dialog.getByRole('group', { name: 'Other classes' })
    await expect(sameStyle.getByRole('radio', { name: new RegExp(names.ballet) }).first()).toBeVisible()
    await expect(others.getByRole('radio', { name: new RegExp(names.jazz) }).first()).toBeAttached()
    await expect(sameStyle.getByRole('radio', { name: new RegExp(names.jazz) })).toHaveCount(0)
    // The first choice of the whole list is of the missed class's style.
    await expect(dialog.getByRole('radio').first()).toHaveAccessibleName(/Ballet/)
    await expect(dialog.getByRole('radio', { name: new RegExp(names.ballet) }).first()).toHaveAccessibleName(
      new RegExp(`${names.ballet}, ${WITH_WEEKDAY.source}`),
    )
    await expect(dialog).toContainText(new RegExp(`misses ${names.missed} on ${WITH_WEEKDAY.source}`))
    await expectNoOverflow(page, dialog)
    expect(await seriousViolations(page)).toEqual([])
    await dialog
      .getByRole('radio', { name: new RegExp(names.ballet) })
      .first()
      .check()
    await dialog.getByRole('button', { name: 'Book Makeup' }).click()
    await expect(dialog).toHaveCount(0)
    await expectToast(page, 'Makeup booked', `${LONG_NAME} is booked into ${names.ballet} on`)
    await expect(absence).toContainText(new RegExp(`Makeup: ${names.ballet}, ${WITH_WEEKDAY.source}`))
  })

  await test.step('the account and the schedule show the long name without cutting it off', async () => {
    await openPortal(page, '/account')
    const listed = page.getByRole('list', { name: 'Students' }).getByText(LONG_NAME)
    await expect(listed).toBeVisible()
    await expectNoOverflow(page, listed)

    await openPortal(page, '/schedule')
    await page.getByText(names.missed).first().click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(LONG_NAME)
    await expectNoOverflow(page, dialog)
    expect(await seriousViolations(page)).toEqual([])
  })
})
