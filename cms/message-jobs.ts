import type { TaskConfig } from 'payload'

import { deliverMessageCopy, MESSAGE_QUEUE, MESSAGE_TASK, sendDueMessages, type MessageCopy } from '#api/messages'
import { sendScheduledNotices, type ScheduledNoticesResult } from '#api/notices'
import { clockFrom, withAcademyClock } from '#api/lib/academy-clock'
import { MAIL_RETRIES } from '#cms/mail-jobs'

/**
 * Messages to families (issue 25): each email copy is a job on the `messages` queue, retried as
 * every mail is (cms/mail-jobs.ts), and a scheduled step sends the messages whose time has come.
 */
type CopyRun = { input: MessageCopy; output: { outcome: string } }

export const messageCopyTask: TaskConfig<CopyRun> = {
  slug: MESSAGE_TASK,
  label: 'Send a message copy',
  retries: { attempts: MAIL_RETRIES.attempts, backoff: { ...MAIL_RETRIES.backoff } },
  inputSchema: [
    { name: 'recipientId', type: 'number', required: true },
    { name: 'messageId', type: 'number', required: true },
    { name: 'to', type: 'text', required: true },
    { name: 'subject', type: 'text', required: true },
    { name: 'text', type: 'textarea', required: true },
    { name: 'html', type: 'textarea' },
    { name: 'replyTo', type: 'text' },
    { name: 'headers', type: 'json' },
  ],
  outputSchema: [{ name: 'outcome', type: 'text', required: true }],
  handler: async ({ input, job, req }) => ({ output: { outcome: await deliverMessageCopy(req.payload, job.id, input) } }),
}

export const SCHEDULED_MESSAGES_TASK = 'scheduledMessages'

/** Each minute: send the scheduled messages that are due (claimed one by one, safe on several processes). */
export const scheduledMessagesTask: TaskConfig<{ input: Record<string, never>; output: { sent: number } }> = {
  slug: SCHEDULED_MESSAGES_TASK,
  label: 'Send scheduled messages',
  retries: 0,
  schedule: [{ cron: '* * * * *', queue: MESSAGE_QUEUE }],
  handler: async ({ req }) => ({ output: { sent: (await sendDueMessages(req.payload)).sent.length } }),
}

/** Each minute, every runner sends what is due on the messages queue: copies whose run at once did not happen, retries, the scheduled step. */
export const messageAutoRun = { cron: '* * * * *', queue: MESSAGE_QUEUE, limit: 100 }

export const SCHEDULED_NOTICES_TASK = 'scheduledNotices'

/**
 * Each hour: the notices of the calendar (a term ending, a card expiring, a makeup tomorrow) on
 * the academy's day, or at `now` (an ISO time given by a test or an operator). Each event is
 * told once however often it runs (src/api/notices/scheduled-notices.ts).
 */
export const scheduledNoticesTask: TaskConfig<{ input: { now?: string | null }; output: { result: ScheduledNoticesResult } }> = {
  slug: SCHEDULED_NOTICES_TASK,
  label: 'Send scheduled notices',
  retries: 0,
  inputSchema: [{ name: 'now', type: 'text' }],
  outputSchema: [{ name: 'result', type: 'json', required: true }],
  schedule: [{ cron: '20 * * * *', queue: MESSAGE_QUEUE }],
  handler: async ({ input, req }) => {
    const run = () => sendScheduledNotices(req.payload)
    return { output: { result: await (input.now ? withAcademyClock(clockFrom(new Date(input.now)), run) : run()) } }
  },
}
