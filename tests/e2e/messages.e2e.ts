import type { APIRequestContext } from '@playwright/test'

import { expect, test } from './support/fixtures'

import { unique } from './support/accounts'
import { familySession, openAdminTab } from './support/admin-console'
import { addStudent, enroll, expectToast, openPortal, seriousViolations, academyWeekdayToday } from './support/portal'

/**
 * Issue 25 on a phone: an administrator writes an announcement to one class in the console's
 * rich-text editor, a word in bold, and sends it; a guardian of that class sees the unread badge, reads it in the inbox and replies; a
 * teacher cancels today's class in two taps and the family finds the notice in the inbox.
 */

async function deleteMessages(adminRequest: APIRequestContext, subject: string) {
  const found = await adminRequest.get(`/cms-api/messages?where[subject][equals]=${encodeURIComponent(subject)}&depth=0`)
  for (const doc of ((await found.json()) as { docs: { id: number }[] }).docs) await adminRequest.delete(`/cms-api/messages/${doc.id}`)
}

test('an administrator announces to one class; the guardian reads it in the inbox and replies', async ({
  page,
  browser,
  baseURL,
  adminRequest,
  families,
  cleanup,
  classes,
}) => {
  test.setTimeout(120_000)
  const className = unique('Announce Class ')
  const classId = (await classes.createInCms({ name: className })).id
  const guardian = await families.create('Inbox Parent')
  cleanup.inquiryNamed(guardian.fullName)
  const family = await familySession(browser, baseURL, guardian)
  const child = await addStudent(family.request, baseURL, unique('Mila '), 7)
  await enroll(family.request, baseURL, child.id, classId)
  const subject = unique('Recital rehearsal ')

  try {
    await test.step('the administrator writes, previews and sends to the class', async () => {
      await openAdminTab(page, baseURL, 'messages')
      const form = page.getByRole('form', { name: 'New message' })
      await form.getByLabel('Subject').fill(subject)
      // The rich-text editor (decisions §33): Enter starts a paragraph, the toolbar's Bold makes "water" bold.
      const editor = form.getByRole('textbox', { name: 'Message' })
      await editor.click()
      await page.keyboard.type('The recital rehearsal is on Saturday at 10.')
      await page.keyboard.press('Enter')
      await page.keyboard.type('Please bring ')
      const bold = form.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' })
      await bold.click()
      await expect(bold).toHaveAttribute('aria-pressed', 'true')
      await page.keyboard.type('water')
      await bold.click()
      await page.keyboard.type('.')
      await expect(editor.locator('strong')).toHaveText('water')
      // A bulleted list, and a link whose words are its address.
      await page.keyboard.press('Enter')
      await form.getByRole('button', { name: 'Bulleted list' }).click()
      await page.keyboard.type('Tights')
      await form.getByRole('button', { name: 'Link', exact: true }).click()
      await form.getByLabel('Link address').fill('https://example.com/recital')
      await form.getByRole('button', { name: 'Add link' }).click()
      await expect(editor.getByRole('listitem')).toHaveText('Tightshttps://example.com/recital')
      await form.getByRole('checkbox', { name: className }).check()
      await form.getByRole('button', { name: 'Preview audience' }).click()
      await expect(form.getByRole('status')).toContainText('1 household, 1 guardian; 1 by email.')
      expect(await seriousViolations(page)).toEqual([])
      await form.getByRole('button', { name: 'Send message' }).click()
      // The last look: who receives it, and the message as the family's inbox will show it.
      const confirm = page.getByRole('dialog', { name: 'Send this message to 1 household?' })
      await expect(confirm).toContainText('1 guardian; 1 by email.')
      const asSeen = confirm.getByRole('region', { name: 'As families will see it' })
      await expect(asSeen.getByRole('heading', { name: subject })).toBeVisible()
      await expect(asSeen.locator('strong')).toHaveText('water')
      await expect(asSeen.getByRole('link', { name: 'https://example.com/recital' })).toHaveAttribute('href', 'https://example.com/recital')
      expect(await seriousViolations(page)).toEqual([])
      // Keeping on editing sends nothing; confirming sends it.
      await confirm.getByRole('button', { name: 'Keep editing' }).click()
      await expect(confirm).toHaveCount(0)
      await expect(page.getByRole('listitem').filter({ hasText: subject })).toHaveCount(0)
      await form.getByRole('button', { name: 'Send message' }).click()
      await confirm.getByRole('button', { name: 'Send message' }).click()
      await expect(confirm).toHaveCount(0)
      await expect(page.getByRole('listitem').filter({ hasText: subject })).toContainText('1 recipient:')
    })

    await test.step('/cms opens the message in Payload’s Lexical editor, the word still bold', async () => {
      const found = await adminRequest.get(`/cms-api/messages?where[subject][equals]=${encodeURIComponent(subject)}&depth=0`)
      const id = ((await found.json()) as { docs: { id: number }[] }).docs[0]!.id
      await page.goto(`/cms/collections/messages/${id}`)
      const lexical = page.locator('[data-lexical-editor="true"]')
      await expect(lexical).toContainText('Please bring water.', { timeout: 15_000 })
      await expect(lexical.locator('strong')).toHaveText('water')
    })

    await test.step('the guardian sees the badge, reads the message in full, and replies', async () => {
      await openPortal(family.page, '/inbox')
      await expect(family.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Inbox\s*1 unread/ })).toBeVisible()
      const item = family.page.getByRole('button', { name: new RegExp(subject) })
      await expect(item).toContainText(`For ${child.fullName}`)
      await item.click()
      await expect(family.page.getByText('Please bring water.')).toBeVisible()
      await expect(family.page.getByText('Please bring water.').locator('strong')).toHaveText('water')
      // Opening it clears the badge at once, not on the next page (issue 41).
      await expect(family.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox', exact: true })).toBeVisible()
      await expect(family.page.getByRole('listitem').filter({ hasText: 'Tights' }).getByRole('link', { name: 'https://example.com/recital' })).toHaveAttribute(
        'href',
        'https://example.com/recital',
      )
      await family.page.getByLabel('Your reply').fill('Mila will be there.')
      await family.page.getByRole('button', { name: 'Send reply' }).click()
      await expect(family.page.getByText('Reply sent')).toBeVisible()
      expect(await seriousViolations(family.page)).toEqual([])
      await family.page.reload()
      await expect(family.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox', exact: true })).toBeVisible()
    })
  } finally {
    await family.close()
    await deleteMessages(adminRequest, subject)
  }
})

test('a teacher cancels today’s class in two taps, the family sees the notice and the struck-off day, and the teacher undoes it', async ({
  page,
  browser,
  baseURL,
  adminRequest,
  families,
  cleanup,
  classes,
}) => {
  test.setTimeout(120_000)
  const username = unique('msg-teach-')
  const teacher = { username, password: `pw-${username}-long`, fullName: 'Ms. Notice', email: `${username}@example.com` }
  const made = await adminRequest.post('/cms-api/users', { data: { ...teacher, isActive: true, isAdmin: false, isTeacher: true } })
  expect(made.ok(), await made.text()).toBe(true)
  const teacherId = ((await made.json()) as { doc: { id: number } }).doc.id
  cleanup.family(teacherId)
  const className = unique('Cancelled Class ')
  const today = academyWeekdayToday()
  const classId = (await classes.createInCms({ name: className, days: `${today} & Saturday`, teacher: teacherId })).id
  const guardian = await families.create('Notice Parent')
  const family = await familySession(browser, baseURL, guardian)
  const child = await addStudent(family.request, baseURL, unique('Noa '), 7)
  await enroll(family.request, baseURL, child.id, classId)
  const subject = `Class cancelled today: ${className}`

  try {
    await test.step('two taps on the teacher’s page', async () => {
      const signedIn = await page.request.post('/api/login', { data: { username: teacher.username, password: teacher.password } })
      expect(signedIn.ok()).toBe(true)
      await openPortal(page, '/teach')
      await page.getByRole('button', { name: new RegExp(className) }).click()
      // The way out says what it does: the class stays on.
      await page.getByRole('button', { name: 'Class cancelled today' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Keep the class' }).click()
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await page.getByRole('button', { name: 'Class cancelled today' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Tell the families' }).click()
      await expect(page.getByText(`The families of ${className} were told`)).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    await test.step('the family finds the notice in the inbox, and today’s class struck off the week', async () => {
      await openPortal(family.page, '/inbox')
      await family.page.getByRole('button', { name: new RegExp(subject) }).click()
      await expect(family.page.getByText(`${className} is cancelled today`)).toBeVisible()
      await openPortal(family.page, '/schedule')
      await expect(family.page.getByText('No class — Class cancelled')).toBeVisible()
    })

    await test.step('the teacher undoes it the same day, and the family is told', async () => {
      await page.reload()
      await page.getByRole('button', { name: new RegExp(className) }).click()
      await expect(page.getByText('Cancelled today').first()).toBeVisible()
      await page.getByRole('button', { name: 'Undo the cancellation' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Tell the families it is on' }).click()
      await expect(page.getByText(`The families of ${className} were told that today’s class takes place after all`)).toBeVisible()
      await openPortal(family.page, '/schedule')
      await expect(family.page.getByText(className).first()).toBeVisible()
      await expect(family.page.getByText('No class — Class cancelled')).toHaveCount(0)
    })
  } finally {
    await family.close()
    await deleteMessages(adminRequest, subject)
    await deleteMessages(adminRequest, `Class on after all today: ${className}`)
  }
})

test('a guardian chooses the inbox only for announcements, and only that kind changes', async ({ page, families, api }) => {
  await families.signIn(page, 'Choices Parent')
  await openPortal(page, '/account')
  await page.getByRole('tab', { name: 'Notifications' }).click()
  const announcements = page.getByRole('group', { name: 'Announcements' })
  await expect(announcements.getByRole('radio', { name: 'Email' })).toBeChecked()
  await announcements.getByRole('radio', { name: 'Inbox only' }).check()
  await expectToast(page, 'Settings Updated', 'Announcements: in the inbox only.')
  expect(await api.get('/api/messages/preferences')).toEqual({ announcements: 'portal', 'class-changes': 'email', billing: 'email', reminders: 'email' })
  expect(await seriousViolations(page)).toEqual([])
})

test.describe('in a browser fourteen hours ahead of the academy', () => {
  // The journeys' academy counts its time in UTC; this device is in Kiribati (UTC+14).
  test.use({ timezoneId: 'Pacific/Kiritimati' })

  test("an administrator's “Send later” is the academy's time, and the list shows the academy's time", async ({ page, baseURL, adminRequest, classes }) => {
    const className = unique('Later Class ')
    await classes.createInCms({ name: className })
    const subject = unique('Later notice ')
    try {
      await openAdminTab(page, baseURL, 'messages')
      const form = page.getByRole('form', { name: 'New message' })
      await form.getByLabel('Subject').fill(subject)
      await form.getByRole('textbox', { name: 'Message' }).click()
      await page.keyboard.type('The hall opens at ten.')
      await form.getByRole('checkbox', { name: className }).check()
      const when = form.getByLabel('Send later (optional)')
      await expect(when).toHaveAccessibleDescription("The academy's time (UTC).")
      await when.fill('2099-01-01T10:00')
      await form.getByRole('button', { name: 'Schedule message' }).click()
      const confirm = page.getByRole('dialog', { name: 'Schedule this message to 0 households?' })
      await expect(confirm).toContainText('on 2099-01-01 at 10:00 (UTC)')
      await confirm.getByRole('button', { name: 'Schedule message' }).click()
      await expect(page.getByRole('listitem').filter({ hasText: subject })).toContainText('for Jan 1, 2099, 10:00 AM')

      const found = await adminRequest.get(`/cms-api/messages?where[subject][equals]=${encodeURIComponent(subject)}&depth=0`)
      const [stored] = ((await found.json()) as { docs: { scheduledFor: string; status: string }[] }).docs
      expect(stored).toMatchObject({ scheduledFor: '2099-01-01T10:00:00.000Z', status: 'scheduled' })
      expect(await seriousViolations(page)).toEqual([])
    } finally {
      await deleteMessages(adminRequest, subject)
    }
  })
})
