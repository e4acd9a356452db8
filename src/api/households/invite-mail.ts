import { composeMail, type MailContent } from '#api/email'
import { INVITE_VALID_DAYS, type GuardianAccess } from './schemas'

const ACCESS_WORDS: Record<GuardianAccess, string> = {
  full: 'full access: you will see the schedule and statement, enroll, pay and report absences',
  view: 'view and attendance: you will see the schedule and statement and report absences',
}

/** Longest inviter's name the mail repeats. */
const NAME_LIMIT = 60

/**
 * The inviter's name as the mail's one piece of their text: letters, marks, spaces, apostrophes,
 * hyphens and a full stop that ends a word ("J. Smith"); nothing a mail program could turn into
 * a link or an address ("evil.example/login", "help@evil"), no number to call, cut to a name's
 * length. A name that leaves nothing reads "A guardian".
 */
export function inviterNameForMail(fullName: string): string {
  const name = fullName
    .normalize('NFC')
    .replace(/\.(?=\S)/g, ' ')
    .replace(/[^\p{L}\p{M}\s'’.-]+/gu, ' ')
    // Punctuation only after a letter, as in a name ("O'Brien-Smith", "J."), never alone.
    .replace(/(^|[^\p{L}\p{M}])[-'’.]+/gu, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, NAME_LIMIT)
    .trim()
  return /\p{L}/u.test(name) ? name : 'A guardian'
}

/**
 * The invitation to a second guardian (decisions §23): the same words whether or not the address
 * has an account. The subject is the academy's alone (its own site name, never text the inviter
 * typed); the inviter's name appears once, as plain text in a fixed sentence of the body.
 */
export function householdInviteMail(input: { academyName: string; inviterName: string; link: string; access: GuardianAccess }): MailContent {
  return composeMail({
    academyName: input.academyName,
    subject: `An invitation to join a household at ${input.academyName}`,
    greeting: 'Hello,',
    blocks: [
      `A guardian of a household at ${input.academyName}, who gave their name as ${inviterNameForMail(input.inviterName)}, invited this email address to join the household as a guardian, with ${ACCESS_WORDS[input.access]}.`,
      'To accept, open this link and sign in with this email address: create your own sign-in there with it, or sign in with your account that already uses it.',
      { link: input.link },
      `The link works once and expires in ${INVITE_VALID_DAYS} days. If you were not expecting it, you can ignore this email.`,
    ],
  })
}
