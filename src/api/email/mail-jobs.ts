import type { Payload, PayloadRequest } from 'payload'

import { getAppContext } from '#server/context.server'
import type { MailAttachment } from '#server/mailer.server'
import { afterCommit, poolOf } from '#api/lib/database'

/**
 * Every mail the app sends is a job of Payload's queue (docs/decisions/018): queued with the
 * operation's request, so it is kept or dropped with the operation's transaction, run at once
 * after the commit, and retried by the queue's runner when the SMTP server is away.
 */

/** The queue of the mail jobs, run each minute by every process whose JOBS_AUTORUN is true (cms/jobs.ts). */
export const MAIL_QUEUE = 'mail'

/** The task slug of a mail job. */
export const MAIL_TASK = 'sendEmail'

/** A composed message, the job's input. */
export type QueuedMail = {
  to: string
  subject: string
  text: string
  html?: string | null
  replyTo?: string | null
  /** Files sent with the message (a signed policy's PDF, issue 26). */
  attachments?: MailAttachment[] | null
  /** Extra headers, such as a message's List-Unsubscribe (issue 25). */
  headers?: Record<string, string> | null
}

/**
 * Queues one message. With `req` the job row joins the request's open transaction: it is run
 * once that commits and never exists if it rolls back. The run happens in the background; its
 * failure is recorded on the job (retried with backoff), never thrown at the caller.
 */
export async function queueMail(on: PayloadRequest | Payload, mail: QueuedMail): Promise<void> {
  const req = 'payload' in on ? on : undefined
  const payload = req ? req.payload : (on as Payload)
  const input = {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    replyTo: mail.replyTo ?? null,
    attachments: mail.attachments ?? null,
  }
  const job = await payload.jobs.queue({ task: MAIL_TASK, queue: MAIL_QUEUE, input, req })
  const run = () => {
    void payload.jobs.runByID({ id: job.id, silent: { info: true } }).catch((error: unknown) => {
      // The job stays queued: the queue's runner sends it within the minute.
      payload.logger.error({ err: error, jobId: job.id }, 'Could not run a mail job at once')
    })
  }
  if (req) afterCommit(req, run)
  else run()
}

/**
 * The job's work: sends the message through the app's one mailer, once. Payload's runner does
 * not claim a job atomically (two runners can pick the same row), so the send happens under the
 * job row's lock and is marked on the row (`meta.sentAt`) in the same transaction: a second run,
 * at once or later, finds the mark (or no row: a finished job is deleted) and sends nothing.
 * A failed send rolls back and throws, and the queue retries the job.
 */
export async function deliverQueuedMail(payload: Payload, jobId: number | string, mail: QueuedMail): Promise<'sent' | 'sent before'> {
  const client = await poolOf(payload).connect()
  try {
    await client.query('BEGIN')
    const { rows } = await client.query<{ sent: string | null }>(`SELECT meta->>'sentAt' AS sent FROM payload_jobs WHERE id = $1 FOR UPDATE`, [jobId])
    if (rows.length === 0 || rows[0]?.sent) {
      await client.query('COMMIT')
      return 'sent before'
    }
    await getAppContext().mailer.send({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
    })
    await client.query(`UPDATE payload_jobs SET meta = coalesce(meta, '{}'::jsonb) || jsonb_build_object('sentAt', now()) WHERE id = $1`, [jobId])
    await client.query('COMMIT')
    return 'sent'
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}
