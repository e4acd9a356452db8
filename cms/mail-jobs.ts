import type { CollectionConfig, TaskConfig } from 'payload'

import { deliverQueuedMail, MAIL_QUEUE, MAIL_TASK, type QueuedMail } from '#api/email'
import { isAdmin } from '#cms/access/isAdmin'

/**
 * The mail job (docs/decisions/018): one composed message per job on the `mail` queue, sent
 * through the app's one mailer by `deliverQueuedMail` (src/api/email/mail-jobs.ts), once.
 * A refused or unreachable SMTP server fails the try, and the queue tries again after
 * 30 s, 1, 2, 4, 8, 16, 32 and 64 minutes (about two hours in all); after the last try the job
 * stays in `payload_jobs` with `hasError` and the SMTP answer, readable by administrators in
 * /cms (System › Payload Jobs). A sent mail's job is deleted.
 */
export const MAIL_RETRIES = { attempts: 8, backoff: { type: 'exponential', delay: 30_000 } } as const

type MailRun = { input: QueuedMail; output: { outcome: string } }

export const mailTask: TaskConfig<MailRun> = {
  slug: MAIL_TASK,
  label: 'Send an email',
  retries: { attempts: MAIL_RETRIES.attempts, backoff: { ...MAIL_RETRIES.backoff } },
  inputSchema: [
    { name: 'to', type: 'text', required: true },
    { name: 'subject', type: 'text', required: true },
    { name: 'text', type: 'textarea', required: true },
    { name: 'html', type: 'textarea' },
    { name: 'replyTo', type: 'text' },
    // A signed policy's PDF (issue 26): [{ filename, contentType, contentBase64 }].
    { name: 'attachments', type: 'json' },
  ],
  outputSchema: [{ name: 'outcome', type: 'text', required: true }],
  handler: async ({ input, job, req }) => ({ output: { outcome: await deliverQueuedMail(req.payload, job.id, input) } }),
}

/** Each minute, every runner sends what is due on the mail queue: new mail whose run at once did not happen, and retries. */
export const mailAutoRun = { cron: '* * * * *', queue: MAIL_QUEUE, limit: 50 }

/**
 * Payload keeps its jobs collection hidden and closed. Administrators may read it in /cms, to
 * see a mail that failed and why; nobody writes it there (the queue writes it as the server).
 */
export function jobsCollectionForAdmins({ defaultJobsCollection }: { defaultJobsCollection: CollectionConfig }): CollectionConfig {
  return {
    ...defaultJobsCollection,
    access: { ...defaultJobsCollection.access, read: isAdmin },
    admin: {
      ...defaultJobsCollection.admin,
      hidden: false,
      defaultColumns: ['taskSlug', 'queue', 'input', 'totalTried', 'hasError', 'processing', 'waitUntil', 'createdAt'],
    },
  }
}
