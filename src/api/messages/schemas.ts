import { z } from 'zod'

import { recordIdSchema } from '#api/lib/id.schemas'
import { parseAgeGroup } from '#shared/eligibility'
import { RICH_TEXT_TEXTS, messageBodySchema, type RichTextDocument } from './rich-text.schemas'

import {
  CATEGORY_CHANNELS,
  CHOOSABLE_CATEGORIES,
  MESSAGE_CATEGORIES,
  type CategoryChannel,
  type ChoosableCategory,
  type DeliveryStatus,
  type MessageCategory,
  type MessageStatus,
} from '#shared/statuses'

export { CATEGORY_CHANNELS, CHOOSABLE_CATEGORIES, MESSAGE_CATEGORIES, type CategoryChannel, type ChoosableCategory, type MessageCategory }

/** Messages to families (issue 25, decisions "Messages"): the words and shapes shared by the forms and the server. */
export const MESSAGE_TEXTS = {
  notFound: 'Message not found',
  classNotFound: 'Class not found',
  subjectRequired: 'Please write a subject',
  subjectTooLong: 'The subject must be at most 200 characters',
  ...RICH_TEXT_TEXTS,
  audienceInvalid: 'Please choose who receives the message',
  classesRequired: 'Please choose at least one class',
  ageGroupInvalid: 'Age group must look like "6-8" or "18+"',
  categoryInvalid: 'Please choose a category',
  scheduledForInvalid: 'Please give the time to send as a date and time',
  scheduledInPast: 'The time to send must be in the future',
  notCancellable: 'This message was already sent or cancelled',
  replyRequired: 'Please write your reply',
  replyTooLong: 'Your reply must be at most 5000 characters',
  termDay: 'Please give the term’s first and last day as YYYY-MM-DD',
  termOrder: 'The term’s last day must not be before its first day',
  noRecipients: 'Nobody is in this audience: nothing was sent',
  noRecipientsAtItsTime: 'Nobody was in this audience at its time: nothing was sent',
  inboxBefore: 'Older messages are asked for after a message of your inbox: give its id as before',
  inboxLimit: 'Ask for between 1 and 100 messages at a time',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Please change your choices on your Account page.',
  cancelledTodaySubject: (className: string) => `Class cancelled today: ${className}`,
  cancelledTodayBody: (className: string, day: string) => `${className} is cancelled today (${day}). We are sorry for the short notice.`,
  backOnTodaySubject: (className: string) => `Class on after all today: ${className}`,
  backOnTodayBody: (className: string, day: string) =>
    `${className} takes place today (${day}) after all: the cancellation was a mistake. We are sorry for the confusion.`,
} as const

const idList = z.array(recordIdSchema(MESSAGE_TEXTS.classesRequired)).min(1, MESSAGE_TEXTS.classesRequired).max(100)

const isoDay = z.iso.date({ error: MESSAGE_TEXTS.termDay })

/** Who receives a message: one of the studio's audiences. */
export const audienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('everyone') }),
    z.object({ kind: z.literal('classes'), classIds: idList }),
    z.object({
      kind: z.literal('age-group'),
      ageGroup: z
        .string()
        .trim()
        .refine((group) => parseAgeGroup(group) !== null, MESSAGE_TEXTS.ageGroupInvalid),
    }),
    z.object({ kind: z.literal('waitlist'), classIds: idList }),
    z.object({ kind: z.literal('unpaid') }),
    z.object({ kind: z.literal('term'), from: isoDay, to: isoDay }).refine((term) => term.from <= term.to, { message: MESSAGE_TEXTS.termOrder, path: ['to'] }),
  ],
  { error: MESSAGE_TEXTS.audienceInvalid },
)
export type Audience = z.infer<typeof audienceSchema>

const category = z.enum(MESSAGE_CATEGORIES, { error: MESSAGE_TEXTS.categoryInvalid })

/** POST /api/admin/messages/preview */
export const previewInputSchema = z.object({ audience: audienceSchema, category: category.default('announcements') })
export type PreviewInput = z.infer<typeof previewInputSchema>

const subject = z.string({ error: MESSAGE_TEXTS.subjectRequired }).trim().min(1, MESSAGE_TEXTS.subjectRequired).max(200, MESSAGE_TEXTS.subjectTooLong)
const plainBody = z.string({ error: MESSAGE_TEXTS.bodyRequired }).trim().min(1, MESSAGE_TEXTS.bodyRequired).max(20000, MESSAGE_TEXTS.bodyTooLong)

/** POST /api/admin/messages: now, or at `scheduledFor` (an ISO time with its offset). */
export const sendInputSchema = z.object({
  subject,
  // The console's rich text (Lexical JSON), or a plain string turned into paragraphs.
  body: messageBodySchema,
  category: category.default('announcements'),
  audience: audienceSchema,
  scheduledFor: z.iso.datetime({ offset: true, error: MESSAGE_TEXTS.scheduledForInvalid }).optional(),
})
export type SendInput = z.infer<typeof sendInputSchema>
/** What the console sends: the body as the editor's JSON (or a string), checked by the server. */
export type SendRequest = z.input<typeof sendInputSchema>

/** POST /api/teach/classes/:id/messages: a message to the class's families, or the two-tap "class cancelled today". */
export const teacherMessageSchema = z.union([
  z.object({ cancelledToday: z.literal(true) }),
  // A teacher writes plain text (paragraphs apart by a blank line).
  z.object({
    subject,
    body: plainBody,
    category: z.enum(['announcements', 'class-changes', 'reminders'], { error: MESSAGE_TEXTS.categoryInvalid }).default('class-changes'),
  }),
])
export type TeacherMessageInput = z.infer<typeof teacherMessageSchema>

/** POST /api/messages/:id/reply */
export const replyInputSchema = z.object({
  message: z.string({ error: MESSAGE_TEXTS.replyRequired }).trim().min(1, MESSAGE_TEXTS.replyRequired).max(5000, MESSAGE_TEXTS.replyTooLong),
})

/** PATCH /api/messages/preferences: any of the four categories, email or portal only. */
export const categoryPreferencesSchema = z
  .object(
    Object.fromEntries(CHOOSABLE_CATEGORIES.map((name) => [name, z.enum(CATEGORY_CHANNELS).optional()])) as Record<
      ChoosableCategory,
      z.ZodOptional<z.ZodEnum<{ email: 'email'; portal: 'portal' }>>
    >,
  )
  .strict()
export type CategoryPreferences = Record<ChoosableCategory, CategoryChannel>

export const unsubscribeQuerySchema = z.object({ token: z.string().max(300).default('') })

export type StudentRef = { id: number; fullName: string }

/** What the preview tells before sending. */
export type AudiencePreview = {
  households: number
  guardians: number
  byEmail: number
  portalOnly: { userId: number; fullName: string; reason: string }[]
}

export type MessageDto = {
  id: number
  subject: string
  /** The body as plain text; `bodyRich` is the rich text itself. */
  body: string
  bodyRich: RichTextDocument
  category: MessageCategory
  audience: Audience
  audienceLabel: string
  status: MessageStatus
  senderName: string | null
  scheduledFor: string | null
  sentAt: string | null
  /** Set when the app did not send a scheduled message (nobody was in its audience at its time): why, as the console shows it. */
  notSentReason: string | null
  counts: { recipients: number; queued: number; sent: number; failed: number; portalOnly: number; read: number }
}

export type RecipientDto = {
  userId: number
  fullName: string
  email: string | null
  channel: CategoryChannel
  delivery: DeliveryStatus
  smtpAnswer: string | null
  readAt: string | null
  students: StudentRef[]
}

/** Messages in one page of the inbox, unless the request asks for another number. */
export const INBOX_PAGE_SIZE = 50

const inboxNumber = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message).optional()

/**
 * GET /api/messages: the newest page, or with `before` (the id of the last message shown) the
 * page of older ones after it, newest first. A page shorter than asked is the last one.
 */
export const inboxQuerySchema = z.object({
  before: inboxNumber(MESSAGE_TEXTS.inboxBefore),
  limit: inboxNumber(MESSAGE_TEXTS.inboxLimit).pipe(z.number().max(100, MESSAGE_TEXTS.inboxLimit).optional()),
})
export type InboxQuery = z.infer<typeof inboxQuerySchema>

/** A message in a family's inbox. */
export type InboxItemDto = {
  id: number
  subject: string
  /** The body as plain text; `bodyRich` is the rich text the inbox shows. */
  body: string
  bodyRich: RichTextDocument
  category: MessageCategory
  sentAt: string
  senderName: string | null
  readAt: string | null
  students: StudentRef[]
}
