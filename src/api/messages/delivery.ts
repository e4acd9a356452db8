import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { afterCommit, queryRows } from '#api/lib/database'
import { academyNow } from '#api/lib/academy-clock'
import { deliverQueuedMail, type QueuedMail } from '#api/email'
import type { Guardian } from './audience'

/**
 * Delivery of a message (issue 25, ADR 018): every recipient's copy is a row, and every email
 * copy a durable job of its own on the `messages` queue. Both are written in bulk, one INSERT per
 * batch, inside the sending transaction: 2,000 guardians are a handful of statements, not 4,000
 * Local API calls. The jobs run right after the commit in this process, and Payload's runner
 * (each minute, every process) takes over what is left and the retries.
 */
export const MESSAGE_QUEUE = 'messages'
export const MESSAGE_TASK = 'sendMessageCopy'

/** A message copy's job input: the composed mail (with its unsubscribe headers) and the recipient row to mark. */
export type MessageCopy = QueuedMail & { recipientId: number; messageId: number }

const BATCH = 500

/**
 * Writes the recipients of `messageId` and queues an email job for each one whose channel is
 * email, inside the request's transaction. The unique (message, guardian) index refuses a
 * second copy to the same guardian.
 */
export async function queueCopies(req: PayloadRequest, messageId: number, guardians: Guardian[], compose: (guardian: Guardian) => QueuedMail): Promise<void> {
  const now = academyNow().toISOString()
  for (let start = 0; start < guardians.length; start += BATCH) {
    const batch = guardians.slice(start, start + BATCH)
    const rows = batch.map((g) => ({ user_id: g.userId, students: JSON.stringify(g.students), email: g.email, channel: g.channel }))
    const inserted = await queryRows<{ id: number; user_id: number }>(
      req,
      sql`INSERT INTO message_recipients (message_id, user_id, students, email, channel, delivery, updated_at, created_at)
        SELECT ${messageId}, r.user_id, r.students::jsonb, r.email, r.channel::enum_message_recipients_channel,
          (CASE WHEN r.channel = 'email' THEN 'queued' ELSE 'portal-only' END)::enum_message_recipients_delivery, ${now}::timestamptz, ${now}::timestamptz
        FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(user_id int, students text, email text, channel text)
        RETURNING id, user_id`,
    )
    const recipientOf = new Map(inserted.map((row) => [Number(row.user_id), Number(row.id)]))
    const jobs = batch
      .filter((g) => g.channel === 'email' && g.email)
      .map((g) => ({ input: { ...compose(g), recipientId: recipientOf.get(g.userId), messageId } satisfies Partial<MessageCopy> }))
    if (jobs.length === 0) continue
    await queryRows(
      req,
      sql`INSERT INTO payload_jobs (input, task_slug, queue, total_tried, has_error, processing, updated_at, created_at)
        SELECT j.input, ${MESSAGE_TASK}, ${MESSAGE_QUEUE}, 0, false, false, ${now}::timestamptz, ${now}::timestamptz
        FROM json_to_recordset(${JSON.stringify(jobs)}::json) AS j(input jsonb)`,
    )
  }
  afterCommit(req, () => drainSoon(req.payload))
}

type Drain = { running: Promise<void>; askedAgain: boolean }
const drains = new WeakMap<Payload, Drain>()

/**
 * Runs the queued copies now, in this process, until none is due (a copy whose try failed waits
 * for its backoff and is left to the runner). One drain at a time per Payload (a process has one;
 * a test worker boots one per file, each on its own database); another process
 * may drain the same queue: each copy is sent under its job row's lock, once. Copies committed
 * while a drain runs are not left to the minute's runner: the drain may already have seen an
 * empty queue, so it goes round once more.
 */
export function drainSoon(payload: Payload): Promise<void> {
  const current = drains.get(payload)
  if (current) {
    current.askedAgain = true
    return current.running
  }
  const next: Drain = { running: Promise.resolve(), askedAgain: false }
  next.running = (async () => {
    do {
      next.askedAgain = false
      await drain(payload)
    } while (next.askedAgain)
  })().finally(() => {
    drains.delete(payload)
  })
  drains.set(payload, next)
  return next.running
}

/** Rounds in a row that may fail before a drain gives the queue back to the runner. */
const FAILED_ROUNDS = 3

async function drain(payload: Payload): Promise<void> {
  let failed = 0
  for (let round = 0; round < 1000; round++) {
    try {
      const result = await payload.jobs.run({ queue: MESSAGE_QUEUE, limit: 20, silent: { info: true } })
      if (result.noJobsRemaining || Object.keys(result.jobStatus ?? {}).length === 0) return
      failed = 0
    } catch (error) {
      // Payload claims jobs by a find then an update, not a lock: a run that took a copy another
      // process had just sent and deleted fails in Payload's own bookkeeping (the copy itself went
      // once, under its row's lock). The next round goes on with the rest.
      if (++failed < FAILED_ROUNDS) continue
      payload.logger.error({ err: error }, 'Could not drain the message queue; the runner goes on each minute')
      return
    }
  }
}

/** The job's work: send the copy once (the mail job's own lock and mark) and record how it went on the recipient's row. */
export async function deliverMessageCopy(payload: Payload, jobId: number | string, copy: MessageCopy): Promise<string> {
  try {
    const outcome = await deliverQueuedMail(payload, jobId, copy)
    await queryRows(
      payload,
      sql`UPDATE message_recipients SET delivery = 'sent', smtp_answer = NULL, delivered_at = coalesce(delivered_at, now()), updated_at = now()
        WHERE id = ${copy.recipientId}`,
    )
    return outcome
  } catch (error) {
    const answer = (error instanceof Error ? error.message : String(error)).slice(0, 500)
    await queryRows(payload, sql`UPDATE message_recipients SET delivery = 'failed', smtp_answer = ${answer}, updated_at = now() WHERE id = ${copy.recipientId}`)
    if (!refusedForGood(error)) throw error
    await markBounced(payload, copy, answer)
    return 'bounced'
  }
}

/** The SMTP server refused for good (a 5xx answer, RFC 5321): trying again would only be refused again. */
function refusedForGood(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/**
 * The guardian's address is marked bounced, with the server's answer and the time, for the studio
 * to fix (shown in the console's user list and in /cms); it is cleared when the email changes.
 * Only while the account still has the address the copy went to.
 */
async function markBounced(payload: Payload, copy: MessageCopy, answer: string): Promise<void> {
  await queryRows(
    payload,
    sql`UPDATE users SET email_bounced_at = ${academyNow().toISOString()}::timestamptz, email_bounce_answer = ${answer}, updated_at = now()
      WHERE id = (SELECT user_id FROM message_recipients WHERE id = ${copy.recipientId}) AND lower(email) = lower(${copy.to})`,
  )
}
