import type { CaughtMail } from '#tests/support/smtp'
import { MAILBOX_HTTP_PORT } from './ports'

/** Waits for a message the app sent through SMTP during this e2e run. */
export async function waitForMail(predicate: (mail: CaughtMail) => boolean, timeoutMs = 10_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${MAILBOX_HTTP_PORT}/messages`)
    const found = ((await response.json()) as CaughtMail[]).find(predicate)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
