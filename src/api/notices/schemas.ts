import { NOTICE_KINDS, type MessageCategory, type NoticeKind } from '#shared/statuses'

export { NOTICE_KINDS, type NoticeKind }

/**
 * The automatic notices (issue 25, decisions §27): the words the studio edits in
 * /cms (notice-templates), the named placeholders each kind may use, and the category each kind
 * is sent in (money and safety are service messages, which nobody can switch off). Browser-safe.
 */
export const NOTICE_PLACEHOLDERS = {
  closure: ['academyName', 'className', 'dates', 'label'],
  'class-changed': ['academyName', 'className', 'changes', 'schedule', 'room', 'teacher'],
  'term-ending': ['academyName', 'className', 'termEnd'],
  'waitlist-offer': ['academyName', 'studentName', 'className', 'expiresAt', 'hours', 'link'],
  'invoice-issued': ['academyName', 'description', 'amount', 'dueDate', 'link'],
  'payment-failed': ['academyName', 'description', 'amount', 'reason', 'nextAttempt', 'link'],
  'card-expiring': ['academyName', 'cardBrand', 'lastFour', 'expiry', 'link'],
  'makeup-reminder': ['academyName', 'studentName', 'className', 'date', 'time'],
} as const satisfies Record<NoticeKind, readonly string[]>

export type NoticeValues<K extends NoticeKind> = Record<(typeof NOTICE_PLACEHOLDERS)[K][number], string>

export const NOTICE_CATEGORY: Record<NoticeKind, MessageCategory> = {
  closure: 'class-changes',
  'class-changed': 'class-changes',
  'term-ending': 'reminders',
  'waitlist-offer': 'service',
  'invoice-issued': 'billing',
  'payment-failed': 'service',
  'card-expiring': 'service',
  'makeup-reminder': 'reminders',
}

export const NOTICE_LABELS: Record<NoticeKind, string> = {
  closure: 'A closure added to a class or to the academy',
  'class-changed': 'A class’s time, room or teacher changed',
  'term-ending': 'A class’s term ends in 7 days',
  'waitlist-offer': 'A place offered from the waitlist',
  'invoice-issued': 'An invoice issued',
  'payment-failed': 'An automatic payment declined',
  'card-expiring': 'A saved card expires within 30 days',
  'makeup-reminder': 'A makeup class tomorrow',
}

/** The words a kind has until the studio changes them (the migration writes them into /cms). */
export const DEFAULT_NOTICE_TEMPLATES: Record<NoticeKind, { subject: string; body: string }> = {
  closure: {
    subject: '{className} is closed: {dates}',
    body: '{className} does not meet on {dates} ({label}).\n\nThere is nothing to do: the class starts again after the closure.',
  },
  'class-changed': {
    subject: '{className} has changed',
    body: 'What changed: {changes}.\n\nFrom now on {className} meets {schedule}, in {room}, with {teacher}.',
  },
  'term-ending': {
    subject: 'The term of {className} ends on {termEnd}',
    body: 'The term of {className} ends on {termEnd}. Look out for next term’s classes in your portal.',
  },
  'waitlist-offer': {
    subject: 'A place in {className} is offered to {studentName}',
    body: 'A place has opened in {className}, and {studentName} is first on its waitlist.\n\nThe place is held for you for {hours} hours, until {expiresAt}. To accept or decline it, sign in and open your dashboard: {link}\n\nIf you neither accept nor decline by then, the place is offered to the next family on the waitlist.',
  },
  'invoice-issued': {
    subject: 'New invoice: {description}',
    body: 'A new invoice of {amount} is issued: {description}, due on {dueDate}.\n\nSee it and pay it in your portal: {link}',
  },
  'payment-failed': {
    subject: 'Autopay could not charge your card: {description}',
    body: 'We tried to charge {amount} for "{description}" to your saved card, but the payment did not go through: {reason}\n\n{nextAttempt} {link}',
  },
  'card-expiring': {
    subject: 'Your {cardBrand} card ending {lastFour} expires soon',
    body: 'Your saved {cardBrand} card ending {lastFour} expires at the end of {expiry}. Please add a new card before then so that automatic payments go on: {link}',
  },
  'makeup-reminder': {
    subject: 'Tomorrow: {studentName}’s makeup class',
    body: 'A reminder: {studentName} has a makeup class in {className} tomorrow, {date}, {time}.',
  },
}

export const NOTICE_TEXTS = {
  unknownPlaceholder: (kind: NoticeKind, unknown: string[]) =>
    `${unknown.map((name) => `{${name}}`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not a placeholder of this notice. Use only: ${NOTICE_PLACEHOLDERS[kind].map((name) => `{${name}}`).join(', ')}`,
  required: 'Please write the words of the notice',
} as const

const PLACEHOLDER = /\{([^{}\s]*)\}/g

/** The placeholders a text names that its kind does not know; [] when all are known. */
export function unknownPlaceholders(kind: NoticeKind, text: string): string[] {
  const known: readonly string[] = NOTICE_PLACEHOLDERS[kind]
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '')
  return [...new Set(names.filter((name) => !known.includes(name)))]
}

/** The error of a template's subject or body, or null when it is good. */
export function templateProblem(kind: NoticeKind, text: string): string | null {
  if (text.trim() === '') return NOTICE_TEXTS.required
  const unknown = unknownPlaceholders(kind, text)
  return unknown.length > 0 ? NOTICE_TEXTS.unknownPlaceholder(kind, unknown) : null
}

/** The text with each placeholder replaced by its value (a value is never read again for placeholders). */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? '') : whole))
}
