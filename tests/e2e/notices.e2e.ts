import { expect, test } from './support/fixtures'

import { unique } from './support/accounts'
import { familySession, openAdminTab, toast, visibleItem } from './support/admin-console'
import { addStudent, enroll, openPortal, seriousViolations } from './support/portal'

/**
 * Automatic notices on a phone (issue 25, decisions "Automatic notices"): an administrator moves a
 * class to a later time in the console; the class's guardian finds "<class> has changed", with
 * what changed, in the inbox.
 */
test('an administrator changes a class’s time; the guardian reads the notice in the inbox', async ({
  page,
  browser,
  baseURL,
  adminRequest,
  families,
  classes,
}) => {
  test.setTimeout(120_000)
  const className = unique('Moved Class ')
  const classId = (await classes.createInCms({ name: className, weekdays: ['Monday'], startTime: '16:00', endTime: '17:00' })).id
  const guardian = await families.create('Notice Guardian')
  const family = await familySession(browser, baseURL, guardian)
  const child = await addStudent(family.request, baseURL, unique('Lia '), 7)
  await enroll(family.request, baseURL, child.id, classId)
  const subject = `${className} has changed`

  try {
    await test.step('the administrator moves the class an hour later', async () => {
      await openAdminTab(page, baseURL, 'classes')
      const row = visibleItem(page, 'data-class-id', classId)
      await row.getByRole('button', { name: /^Edit/ }).click()
      const edit = page.getByRole('dialog', { name: 'Edit Class' })
      await edit.getByLabel('Start Time').fill('17:00')
      await edit.getByLabel('End Time').fill('18:00')
      await edit.getByRole('button', { name: 'Save Changes' }).click()
      await expect(toast(page, 'Class Updated')).toBeVisible()
    })

    await test.step('the guardian finds the notice, with what changed, in the inbox', async () => {
      await openPortal(family.page, '/inbox')
      await expect(family.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Inbox\s*1 unread/ })).toBeVisible()
      const item = family.page.getByRole('button', { name: new RegExp(subject) })
      await expect(item).toContainText(`For ${child.fullName}`)
      await item.click()
      await expect(family.page.getByText(/What changed: time: Monday, 4:00-5:00pm → Monday, 5:00-6:00pm/)).toBeVisible()
      expect(await seriousViolations(family.page)).toEqual([])
    })
  } finally {
    await family.close()
    const found = await adminRequest.get(`/cms-api/messages?where[subject][equals]=${encodeURIComponent(subject)}&depth=0`)
    for (const doc of ((await found.json()) as { docs: { id: number }[] }).docs) await adminRequest.delete(`/cms-api/messages/${doc.id}`)
  }
})
