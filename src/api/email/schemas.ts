import { z } from 'zod'

/** The email test calls of the admin area (spec §5 "Test email", decisions §7). */
export const troubleshootEmailSchema = z.object({
  emailAddress: z
    .string({ error: 'Please enter an email address to send the test email.' })
    .trim()
    .min(1, 'Please enter an email address to send the test email.')
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
})
export type TroubleshootEmailInput = z.infer<typeof troubleshootEmailSchema>

/** GET /api/email-outbox (admin): demo mode's copy of outgoing mail, newest first. */
export type EmailOutboxDto = {
  /** False outside demo mode: a deployment keeps no copy of the mail it sends. */
  available: boolean
  messages: { id: number; to: string; subject: string; text: string; sentAt: string; outcome: 'sent' | 'logged' | 'failed' }[]
}

export type EmailConfigCheck = {
  success: boolean
  message: string
  details: { host?: string; port?: number; secure?: boolean; error?: string }
}
