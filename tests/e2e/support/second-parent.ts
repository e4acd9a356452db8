import type { Browser, BrowserContext, Page } from '@playwright/test'

import { api, unique } from './accounts'
import type { Cleanup } from './cleanup'
import { waitForMail } from './mailbox'

export type SecondParent = { page: Page; context: BrowserContext; username: string }

/**
 * A second full parent of the household signed in on `page`, the way a real one joins (decisions
 * §23): invited by email from that session, the invitation's link accepted with a new account,
 * signed in in a browser context of its own (close it when done). The household must have a child
 * in a class or on a waitlist, or the invitation is refused. The account leaves with the
 * journey's cleanup.
 */
export async function inviteSecondParent(options: {
  page: Page
  browser: Browser
  baseURL: string | undefined
  cleanup: Cleanup
  label: string
}): Promise<SecondParent> {
  const { page, browser, baseURL, cleanup, label } = options
  const email = `${unique(`${label}-second`)}@example.com`
  await api(page.request, baseURL).post('/api/household/invites', { email, access: 'full' })
  const mail = await waitForMail((m) => m.to.includes(email) && m.text.includes('/household/join?token='))
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!
  const username = unique(`${label}second`)
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, 40)
  cleanup.familyNamed(username)
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, baseURL })
  const second = await context.newPage()
  try {
    await api(second.request, baseURL).post('/api/household-invites/accept', {
      token,
      account: { fullName: 'Sam Second', username, password: 'second-parent-password-9', phone: null },
    })
  } catch (error) {
    await context.close()
    throw error
  }
  return { page: second, context, username }
}
