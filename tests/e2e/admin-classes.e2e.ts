import { expect, test } from './support/fixtures'

import type { ClassDto } from '#api/classes/schemas'
import { DEMO_FAMILY, unique } from './support/accounts'
import { familySession, openAdminTab, toast, visibleItem } from './support/admin-console'
import { addStudent, enroll, seriousViolations } from './support/portal'

// Other journeys count the catalogue's classes: a class made in the form is found by its name and deleted when the test ends.
test('an admin adds a class in dollars, families see it, and the admin edits and deletes it', async ({ page, browser, baseURL, cleanup }) => {
  await openAdminTab(page, baseURL, 'classes')
  const name = unique('Adagio Lab ')
  cleanup.classNamed(name)

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
    await expect(dialog.getByText(message, { exact: true })).toBeVisible()
  }
  await dialog.getByLabel('Monthly Price (USD)').fill('0')
  await dialog.getByRole('button', { name: 'Create Class' }).click()
  await expect(dialog.getByText('Price must be positive')).toBeVisible()

  await dialog.getByLabel('Class Name').fill(name)
  await dialog.getByLabel('Description').fill('Slow, controlled work on balance and line.')
  await dialog.getByLabel('Age Group').fill('13-17')
  await dialog.getByLabel('Level').fill('Intermediate')
  await dialog.getByRole('checkbox', { name: 'Tuesday' }).check()
  await dialog.getByRole('checkbox', { name: 'Thursday' }).check()
  await dialog.getByLabel('Start Time').fill('18:00')
  await dialog.getByLabel('End Time').fill('19:30')
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
  expect(created).toMatchObject({ price: 7250, capacity: 8, ageGroup: '13-17', days: 'Tuesday & Thursday', time: '6:00-7:30pm' })
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
  const confirm = page.getByRole('dialog', { name: /^Delete class .+\?$/ })
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
    ['Start Time', '16:00'],
    ['End Time', '17:00'],
    ['Location', 'Studio A'],
    ['Instructor', 'Ms. Test'],
    ['Monthly Price (USD)', '65'],
  ] as const) {
    await dialog.getByLabel(label, { exact: true }).fill(value)
  }
  await dialog.getByRole('checkbox', { name: 'Monday' }).check()
  await dialog.getByRole('button', { name: 'Create Class' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Failed to create class')
  await expect(dialog.getByText('Age group must look like "6-8" or "18+"').first()).toBeVisible()
  await expect(dialog).toBeVisible()
})

test('an admin schedules a class with days, times, a term, closures and a teacher, and the family timetable shows it', async ({
  page,
  browser,
  baseURL,
  adminRequest,
  families,
  cleanup,
}) => {
  // A long journey (admin form, contract, a family's timetable, an edit): more than the default budget under load.
  test.slow()
  const teacher = await families.create('Madame Teacher')
  expect((await adminRequest.patch(`/api/users/${teacher.id}/teacher`, { data: { isTeacher: true } })).ok()).toBe(true)
  await openAdminTab(page, baseURL, 'classes')
  const name = unique('Pointe Prep ')
  cleanup.classNamed(name)

  await page.getByRole('button', { name: 'Add New Class' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Class' })
  await dialog.getByLabel('Class Name').fill(name)
  await dialog.getByLabel('Description').fill('Strength and articulation of the feet before pointe work.')
  await dialog.getByLabel('Age Group').fill('6-8')
  await dialog.getByLabel('Level').fill('Intermediate')
  await dialog.getByLabel('Location').fill('Main studio')
  await dialog.getByLabel('Instructor').fill('Madame Teacher')
  await dialog.getByLabel('Monthly Price (USD)').fill('70')
  await dialog.getByRole('button', { name: 'Create Class' }).click()
  await expect(dialog.getByText('Days is required')).toBeVisible()
  await expect(dialog.getByText('Time is required', { exact: true })).toBeVisible()

  await dialog.getByRole('checkbox', { name: 'Thursday' }).check()
  await dialog.getByRole('checkbox', { name: 'Tuesday' }).check()
  await dialog.getByLabel('Start Time').fill('15:30')
  await dialog.getByLabel('End Time').fill('15:00')
  await dialog.getByLabel('Term Start (optional)').fill('2027-01-11')
  await dialog.getByLabel('Term End (optional)').fill('2026-12-01')
  await dialog.getByRole('button', { name: 'Create Class' }).click()
  await expect(dialog.getByText('End time must be after the start time')).toBeVisible()
  await expect(dialog.getByText('The term cannot end before it starts')).toBeVisible()
  await dialog.getByLabel('End Time').fill('16:15')
  await dialog.getByLabel('Term End (optional)').fill('2027-05-28')
  await dialog.getByLabel('Room (optional)').fill('Room 2')
  await dialog.getByLabel('Teacher Account (optional)').selectOption({ label: `Madame Teacher (${teacher.username})` })

  // Closures are ranges: a break of several days is one closure (issue 23).
  const addClosure = async (from: string, until = '', label = '') => {
    await dialog.getByLabel('Closed from').fill(from)
    await dialog.getByLabel('Closed until (optional)').fill(until)
    await dialog.getByLabel('Closure label (optional)').fill(label)
    await dialog.getByRole('button', { name: 'Add Closure' }).click()
  }
  await addClosure('2027-02-15', '2027-02-19', 'Mid-winter break')
  await addClosure('2027-04-13')
  await addClosure('2027-02-16')
  await expect(dialog.getByText('Closures overlap: Feb 15, 2027 – Feb 19, 2027 and Feb 16, 2027. Merge them or change the dates.')).toBeVisible()
  const closures = dialog.getByRole('list', { name: 'Closures' })
  await expect(closures.getByRole('listitem')).toHaveText([/Mid-winter break \(Feb 15, 2027 – Feb 19, 2027\)/, /Apr 13, 2027/])
  await closures.getByRole('button', { name: 'Remove closure Apr 13, 2027' }).click()
  await expect(closures.getByRole('listitem')).toHaveText([/Feb 15, 2027/])
  // Typed and not added: the save adds it rather than dropping it.
  await dialog.getByLabel('Closed from').fill('2027-03-10')
  await dialog.getByLabel('Closed until (optional)').fill('')
  await dialog.getByLabel('Closure label (optional)').fill('')
  expect(await seriousViolations(page)).toEqual([])

  await dialog.getByRole('button', { name: 'Create Class' }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page, 'Class Created')).toContainText(name)

  // The contract shows the spec's texts written from the structure.
  const created = ((await (await adminRequest.get('/api/classes')).json()) as ClassDto[]).find((item) => item.name === name)!
  expect(created).toMatchObject({
    days: 'Tuesday & Thursday',
    time: '3:30-4:15pm',
    weekdays: ['Tuesday', 'Thursday'],
    startTime: '15:30',
    endTime: '16:15',
    room: 'Room 2',
    termStart: '2027-01-11',
    termEnd: '2027-05-28',
    closures: [
      { start: '2027-02-15', end: '2027-02-19', label: 'Mid-winter break' },
      { start: '2027-03-10', end: '2027-03-10', label: null },
    ],
  })
  const teachers = (await (await adminRequest.get('/api/admin/teachers')).json()) as { id: number; classIds: number[] }[]
  expect(teachers.find((t) => t.id === teacher.id)?.classIds).toEqual([created.id])
  const row = visibleItem(page, 'data-class-id', created.id)
  await expect(row).toContainText('Tuesday & Thursday, 3:30-4:15pm')
  await expect(row).toContainText('Main studio, Room 2')

  // A family with a student in the class finds it on the weekly timetable.
  const parent = await families.create('Timetable Parent')
  const family = await familySession(browser, baseURL, parent)
  const student = await addStudent(family.request, baseURL, 'Lily Timetable', 7)
  await enroll(family.request, baseURL, student.id, created.id)
  await family.page.goto('/schedule')
  const tuesday = family.page.getByTestId('day-Tuesday').getByRole('button', { name: new RegExp(name) })
  await expect(tuesday).toContainText('3:30-4:15pm')
  await expect(family.page.getByTestId('day-Thursday')).toContainText(name)
  await expect(family.page.getByTestId('day-Wednesday')).not.toContainText(name)
  await tuesday.click()
  const details = family.page.getByRole('dialog', { name })
  await expect(details).toContainText('Room 2')
  await expect(details).toContainText('Jan 11, 2027 – May 28, 2027')
  await expect(details).toContainText('Mid-winter break (Feb 15, 2027 – Feb 19, 2027); Mar 10, 2027')
  expect(await seriousViolations(family.page)).toEqual([])

  // The edit form shows the structure; moving a day moves the class on the timetable.
  await row.getByRole('button', { name: /^Edit/ }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Class' })
  await expect(edit.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked()
  await expect(edit.getByLabel('Start Time')).toHaveValue('15:30')
  await expect(edit.getByLabel('Teacher Account (optional)')).toHaveValue(String(teacher.id))
  await expect(edit.getByRole('list', { name: 'Closures' })).toContainText('Feb 15, 2027 – Feb 19, 2027')
  await edit.getByRole('checkbox', { name: 'Thursday' }).uncheck()
  await edit.getByRole('checkbox', { name: 'Friday' }).check()
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'Class Updated')).toBeVisible()
  await expect(row).toContainText('Tuesday & Friday, 3:30-4:15pm')
  await family.page.reload()
  await expect(family.page.getByTestId('day-Friday')).toContainText(name)
  await expect(family.page.getByTestId('day-Thursday')).not.toContainText(name)
  await family.close()
})
