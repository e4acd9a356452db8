import { composeMail, type MailContent } from '#api/email'
import { INVITE_VALID_DAYS, type GuardianAccess } from './schemas'

const ACCESS_WORDS: Record<GuardianAccess, string> = {
  full: 'full access: you will see the schedule and statement, enroll, pay and report absences',
  view: 'view and attendance: you will see the schedule and statement and report absences',
}

/** The invitation to a second guardian: the same words whether or not the address has an account. */
export function householdInviteMail(input: { academyName: string; inviterName: string; link: string; access: GuardianAccess }): MailContent {
  return composeMail({
    academyName: input.academyName,
    subject: `${input.inviterName} invited you to their family at ${input.academyName}`,
    greeting: 'Hello,',
    blocks: [
      `${input.inviterName} invited you to join their household at ${input.academyName} as a guardian, with ${ACCESS_WORDS[input.access]}.`,
      'To accept, open this link. You can create your own sign-in there, or sign in with an account you already have.',
      { link: input.link },
      `The link works once and expires in ${INVITE_VALID_DAYS} days. If you were not expecting it, you can ignore this email.`,
    ],
  })
}
