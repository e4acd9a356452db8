import { expect } from 'vitest'

import { addDays, todayIso } from '#shared/dates'
import type { TestApp } from './app'
import { ApiClient } from './client'
import { addStudent, createFamily, type Family } from './families'
import type { startSmtpListener } from './smtp'

type Mailbox = Awaited<ReturnType<typeof startSmtpListener>>

/** The account a second guardian makes on the join page. */
export const NEW_GUARDIAN = (username: string) => ({ fullName: `${username} Second`, username, password: 'another-long-password-1', phone: null })

/**
 * Sends an invitation from `by`'s household and reads its token from the mail the invitee gets;
 * `take` first clears the invitee's earlier mails and then removes this one, for tests that send
 * one address several invitations or count the mails after.
 */
export async function inviteByMail(
  smtp: Mailbox,
  by: Family,
  email: string,
  { access = 'full', take = false }: { access?: 'full' | 'view'; take?: boolean } = {},
): Promise<string> {
  if (take) for (const earlier of smtp.messages.filter((m) => m.to.includes(email))) smtp.messages.splice(smtp.messages.indexOf(earlier), 1)
  const sent = await by.client.post('/api/household/invites', { email, access })
  expect(sent.status).toBe(201)
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.text.includes('/household/join?token='))
  if (take) smtp.messages.splice(smtp.messages.indexOf(mail), 1)
  return /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!
}

/** Accepts an invitation signed out, making the invitee's account on the way; their signed-in client. */
export async function joinWithNewAccount(app: TestApp, token: string, username: string): Promise<ApiClient> {
  const client = new ApiClient(app.url)
  const accepted = await client.post('/api/household-invites/accept', { token, account: NEW_GUARDIAN(username) })
  expect(accepted.status).toBe(200)
  return client
}

/** A family with a child in a class: only such a household (or one on a waitlist) may invite. */
export async function dancingFamily(app: TestApp, classId: number, label: string): Promise<Family> {
  const family = await createFamily(app, label)
  const child = await addStudent(app, family.userId, `${label} Child`, 7)
  await app.payload.create({
    collection: 'enrollments',
    data: { student: child, class: classId, enrollmentDate: addDays(todayIso(), -20) },
    overrideAccess: true,
  })
  return family
}
