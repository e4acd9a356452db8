/**
 * The status vocabulary that Payload's collections (cms/, their select fields) and the contract
 * (src/api, its schemas and rules) both need. It lives below both, so a collection never has to
 * import a slice for a word list; the slices' schemas re-export these names, so their contract
 * stays as it was.
 */

export const INVOICE_STATUSES = ['pending', 'paid', 'overdue', 'cancelled'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/**
 * How an invoice came to be: typed by an administrator, made by the monthly tuition run, or the
 * late fee of an overdue invoice (decisions §10), which only the server issues.
 */
export const INVOICE_KINDS = ['manual', 'tuition', 'late-fee'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]

/**
 * 'refunded': a card payment that arrived for an invoice already paid or voided, refunded at
 * Stripe automatically (decisions §5), or a card payment an administrator reversed (refunded at
 * Stripe); 'reversed': an offline payment an administrator reversed (a bounced cheque, a payment
 * recorded in error). Neither ever counts towards what the family paid (decisions §10).
 */
export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'refunded', 'reversed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** Ways a family pays outside the card form (decisions §10), recorded by an administrator. */
export const OFFLINE_METHODS = ['cash', 'cheque', 'bank-transfer', 'other'] as const
export type OfflineMethod = (typeof OFFLINE_METHODS)[number]
export const OFFLINE_METHOD_LABELS: Record<OfflineMethod, string> = { cash: 'Cash', cheque: 'Cheque', 'bank-transfer': 'Bank transfer', other: 'Other' }

/** A credit is open (what is left of it goes on the next tuition invoices) or cancelled by an administrator. */
export const CREDIT_STATUSES = ['open', 'cancelled'] as const
export type CreditStatus = (typeof CREDIT_STATUSES)[number]

/** A PaymentIntent the card form opened: open until it succeeds or the server cancels it. */
export const CARD_INTENT_STATUSES = ['open', 'succeeded', 'canceled'] as const

/** One automatic charge of an invoice (decisions §12), as Stripe answered it. */
export const AUTOPAY_ATTEMPT_STATUSES = ['processing', 'succeeded', 'failed', 'requires_action'] as const
export type AutopayAttemptStatus = (typeof AUTOPAY_ATTEMPT_STATUSES)[number]

/** The waitlist of a full class (decisions §15): an entry's life from joining the line. */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'accepted', 'declined', 'expired', 'cancelled', 'removed'] as const
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number]
/** The statuses that keep a student in line; at most one such entry per student and class. */
export const ACTIVE_WAITLIST_STATUSES = ['waiting', 'offered'] as const satisfies readonly WaitlistStatus[]

/** What an administrator may do for an entry, past the line's order. */
export const WAITLIST_OVERRIDE_ACTIONS = ['offer', 'enroll'] as const
export type WaitlistOverrideAction = (typeof WAITLIST_OVERRIDE_ACTIONS)[number]

/** The marks a teacher gives at /teach (decisions §9). */
export const ATTENDANCE_STATUSES = ['present', 'absent', 'late'] as const
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number]

/**
 * The billing calendar's record of each month's scheduled tuition run (decisions §13):
 * - `started`: a process is billing the month (its heartbeat says it is alive);
 * - `finished`: every family was handled; the month is never run again by the calendar;
 * - `interrupted`: the process stopped cleanly part-way (a deploy); the next tick resumes it;
 * - `failed`: the run stopped on an error; the next tick tries again, up to a few attempts.
 */
export const TUITION_RUN_STATUSES = ['started', 'finished', 'interrupted', 'failed'] as const
export type TuitionRunStatus = (typeof TUITION_RUN_STATUSES)[number]

/** A message's life (issue 25): a draft, waiting for its time, sent, or cancelled before it was. */
export const MESSAGE_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

/** One recipient's copy by email: waiting in the queue, accepted by the SMTP server, refused (with its answer), or not sent. */
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'portal-only'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/**
 * What a message is about (issue 25): the four a family chooses email or portal-only for, and
 * `service` (money and safety), which always goes by email and cannot be switched off.
 */
export const MESSAGE_CATEGORIES = ['announcements', 'class-changes', 'billing', 'reminders', 'service'] as const
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number]
export const CHOOSABLE_CATEGORIES = ['announcements', 'class-changes', 'billing', 'reminders'] as const satisfies readonly MessageCategory[]
export type ChoosableCategory = (typeof CHOOSABLE_CATEGORIES)[number]
/** The automatic notices (issue 25), each a template the studio edits in /cms (notice-templates). */
export const NOTICE_KINDS = [
  'closure',
  'class-changed',
  'term-ending',
  'waitlist-offer',
  'invoice-issued',
  'payment-failed',
  'card-expiring',
  'makeup-reminder',
] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]
export const CATEGORY_CHANNELS = ['email', 'portal'] as const
export type CategoryChannel = (typeof CATEGORY_CHANNELS)[number]

/** The notification-preferences field that holds a category's channel: `announcementsBy`, `classChangesBy`… */
export function categoryField(category: ChoosableCategory): 'announcementsBy' | 'classChangesBy' | 'billingBy' | 'remindersBy' {
  const fields = { announcements: 'announcementsBy', 'class-changes': 'classChangesBy', billing: 'billingBy', reminders: 'remindersBy' } as const
  return fields[category]
}

/**
 * An exam entry (issue 27): proposed by a teacher, confirmed or declined by an administrator,
 * accepted or declined by the household, withdrawn by an administrator. Only an accepted entry
 * is billed, once.
 */
export const EXAM_ENTRY_STATUSES = ['proposed', 'confirmed', 'declined-by-studio', 'accepted', 'declined-by-family', 'withdrawn'] as const
export type ExamEntryStatus = (typeof EXAM_ENTRY_STATUSES)[number]

/** The grade an exam board gives (decisions §29). */
export const EXAM_GRADES = ['distinction', 'merit', 'pass', 'not-passed'] as const
export type ExamGrade = (typeof EXAM_GRADES)[number]
export const EXAM_GRADE_LABELS: Record<ExamGrade, string> = { distinction: 'Distinction', merit: 'Merit', pass: 'Pass', 'not-passed': 'Not passed' }

/** How an accepted exam fee is billed: a line on the next tuition invoice, or an invoice of its own at once. */
export const EXAM_FEE_BILLING = ['next-tuition-invoice', 'separate-invoice'] as const
export type ExamFeeBilling = (typeof EXAM_FEE_BILLING)[number]

/** Whose a saved card and autopay switch are (decisions §36, a guardian's own card): the household's, or one guardian's own under split billing. */
export const CARD_SCOPES = ['household', 'guardian'] as const
export type CardScope = (typeof CARD_SCOPES)[number]
