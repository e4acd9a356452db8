import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { hitRateLimit } from '#api/lib/rate-limit'
import { academyNow } from '#api/lib/academy-clock'
import { composeMail } from './mail-layout'
import { academyMoment, academyName, sendMailNow } from './mail-time'
import type { EmailConfigCheck, EmailOutboxDto } from './schemas'

/** A connection that neither answers nor fails must not hold the admin's request for minutes. */
const SMTP_TIMEOUT_MS = 15_000

type SmtpDetails = EmailConfigCheck['details']

/** Host, port and TLS of SMTP_URL, for display: never the user name or the password. */
export function describeSmtpUrl(smtpUrl: string): SmtpDetails {
  try {
    const url = new URL(smtpUrl)
    const secure = url.protocol === 'smtps:' || url.searchParams.get('secure') === 'true'
    return { host: url.hostname, port: url.port ? Number(url.port) : secure ? 465 : 587, secure }
  } catch {
    return { error: 'SMTP_URL is not a valid URL.' }
  }
}

/** Error texts from the SMTP client can echo what they were given; the password never leaves. */
function redactSecrets(text: string, smtpUrl: string | undefined): string {
  if (!smtpUrl) return text
  let password = ''
  try {
    password = new URL(smtpUrl).password
  } catch {
    return text
  }
  if (!password) return text
  let decoded = password
  try {
    decoded = decodeURIComponent(password)
  } catch {
    // keep the raw form
  }
  return [password, decoded].reduce((t, secret) => t.split(secret).join('***'), text)
}

async function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer from the SMTP server within ${SMTP_TIMEOUT_MS / 1000} seconds while ${what}.`)), SMTP_TIMEOUT_MS)
  })
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** GET /api/test-email-config: can the configured SMTP server be reached and signed in to? */
export async function checkEmailConfig(): Promise<EmailConfigCheck> {
  const { env, mailer } = getAppContext()
  if (!env.SMTP_URL || mailer.logOnly) {
    return {
      success: false,
      message: 'Email is not configured: SMTP_URL is not set, so messages are written to the server log.',
      details: { error: 'SMTP_URL is not set.' },
    }
  }
  const details = describeSmtpUrl(env.SMTP_URL)
  if (details.error) return { success: false, message: 'Email is misconfigured.', details }
  const problem = await withTimeout(mailer.verify(), 'checking the connection').catch((error: Error) => error.message)
  if (problem === null) {
    return { success: true, message: `Connected to ${details.host}:${details.port} successfully.`, details }
  }
  return { success: false, message: 'Could not connect to the SMTP server.', details: { ...details, error: redactSecrets(problem, env.SMTP_URL) } }
}

export type TestEmailResult = { status: number; body: { success: boolean; message: string; error?: string } }

/**
 * POST /api/troubleshoot-email: sends one real test message. Failures are the mail server's,
 * not the admin's: 502 (SMTP refused or unreachable) or 503 (no SMTP configured).
 */
export async function sendTestEmail(req: PayloadRequest, admin: User, to: string): Promise<TestEmailResult> {
  const { env, mailer } = getAppContext()
  await hitRateLimit(
    req.payload,
    { name: 'troubleshoot-email', limit: 20, windowSeconds: 600, message: 'Too many test emails. Please wait a few minutes and try again.' },
    String(admin.id),
  )
  if (!env.SMTP_URL || mailer.logOnly) {
    return {
      status: 503,
      body: {
        success: false,
        message: 'Failed to send email',
        error: 'Email is not configured (SMTP_URL is not set): the test message was only written to the server log.',
      },
    }
  }
  try {
    await withTimeout(
      sendMailNow(
        to,
        composeMail({
          academyName: await academyName(req.payload),
          subject: 'Test email from the academy',
          blocks: [
            'This is a test message sent from the Email Tests tab of the academy administration.',
            `Sent ${academyMoment(academyNow())} through ${describeSmtpUrl(env.SMTP_URL).host ?? 'the configured SMTP server'}.`,
            'If you can read it, outgoing email works.',
          ],
        }),
      ),
      'sending the message',
    )
  } catch (error) {
    const reason = redactSecrets(error instanceof Error ? error.message : String(error), env.SMTP_URL)
    return { status: 502, body: { success: false, message: 'Failed to send email', error: reason } }
  }
  return { status: 200, body: { success: true, message: `Test email sent to ${to}` } }
}

/** GET /api/email-outbox: what this process sent or would have sent, in demo mode only. */
export function readEmailOutbox(): EmailOutboxDto {
  const entries = getAppContext().mailer.outbox()
  if (!entries) return { available: false, messages: [] }
  return { available: true, messages: entries.map(({ id, to, subject, text, sentAt, outcome }) => ({ id, to, subject, text, sentAt, outcome })) }
}
