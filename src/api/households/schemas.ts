import { z } from 'zod'

import { emailSchema, registerSchema } from '#api/accounts/auth.schemas'
import { recordIdSchema } from '#api/lib/id.schemas'

/** A household's guardians, invitations and payer (decisions §23): the browser-safe part. */

export const GUARDIAN_ACCESS = ['full', 'view'] as const
export type GuardianAccess = (typeof GUARDIAN_ACCESS)[number]

/** How long an invitation link works. */
export const INVITE_VALID_DAYS = 7
/** Invitations a household may have waiting at once. */
export const MAX_PENDING_INVITES = 5
/** Invitations a household may send in a day (each is a mail from the academy to an address the inviter typed). */
export const INVITES_PER_DAY = 5

export const HOUSEHOLD_MESSAGES = {
  accessRequired: 'Please choose full access or view and attendance',
  inviteSent: 'Invitation sent. The link works once and for 7 days.',
  alreadyGuardian: 'This person is already a guardian of your household.',
  tooManyInvites: 'Your household already has 5 invitations waiting. Revoke one before sending another.',
  tooManyInvitesToday: 'Your household has sent 5 invitations today. Please try again tomorrow.',
  inviteNeedsDancer:
    'Invitations are for households with a child in a class or on a waitlist. Enroll a child or join a waitlist first, then invite another guardian.',
  inviteNotFound: 'This invitation was not found.',
  inviteInvalid: 'This invitation link is invalid or has expired. Ask the guardian who invited you to send a new one.',
  needAccount: 'Please sign in, or create your account, to accept the invitation.',
  alreadyInHousehold: 'Your account is already a guardian of this household.',
  accountHasFamily:
    'Your account already has its own children, invoices or guardians. Ask the studio to merge your two households instead of accepting this invitation.',
  otherAddress:
    'This invitation was sent to another email address. Sign in with the account that uses the invited address, or sign out and create your sign-in here.',
  staffAccount: 'Staff accounts cannot join a family’s household. Create a separate account for your family.',
  guardianNotFound: 'This guardian was not found in your household.',
  onlyGuardian: 'You are the only guardian of this household.',
  lastFullGuardian: 'A household needs at least one guardian with full access. Give another guardian full access first.',
  removeYourself: 'To leave the household yourself, use “Leave household”.',
  otherFullGuardian:
    'You cannot remove another guardian with full access or make them view-only. Each guardian may leave the household; for anything else, please contact the studio.',
  payerMustBeFull: 'The payer must be a guardian with full access.',
  mergeSame: 'Choose two different households to merge.',
  mergeStaff:
    'A staff account (an administrator or a teacher) is a guardian of one of these households. Staff accounts are never merged into a family’s household.',
  mergeBothCards: 'Both households have a saved card for autopay. Choose whose card the merged household keeps; the other card is removed.',
  householdNotFound: 'This household was not found.',
} as const

export const inviteInputSchema = z.object({
  email: emailSchema({ required: 'Email is required', invalid: 'Please enter a valid email' }),
  access: z.enum(GUARDIAN_ACCESS, { error: HOUSEHOLD_MESSAGES.accessRequired }),
})
export type InviteInput = z.infer<typeof inviteInputSchema>

const tokenSchema = z
  .string({ error: HOUSEHOLD_MESSAGES.inviteInvalid })
  .trim()
  .min(20, HOUSEHOLD_MESSAGES.inviteInvalid)
  .max(200, HOUSEHOLD_MESSAGES.inviteInvalid)

export const invitePreviewSchema = z.object({ token: tokenSchema })

/**
 * Accepting: signed in with the invited address (the account joins), or with a new account's
 * details (its email is the invitation's). Any other signed-in account is refused.
 */
export const acceptInviteSchema = z.object({
  token: tokenSchema,
  account: registerSchema.omit({ email: true }).optional(),
})
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>

export const guardianAccessSchema = z.object({ access: z.enum(GUARDIAN_ACCESS, { error: HOUSEHOLD_MESSAGES.accessRequired }) })

export const payerSchema = z.object({ guardianId: recordIdSchema('Please choose a guardian') })

export type GuardianDto = {
  id: number
  fullName: string
  email: string
  access: GuardianAccess
  /** The first guardian: the account that holds the household's rows. */
  holdsHousehold: boolean
  isPayer: boolean
  isYou: boolean
}

export type PendingInviteDto = { id: number; email: string; access: GuardianAccess; expiresAt: string; invitedByName: string | null }

export type HouseholdDto = {
  householdId: number
  payerId: number
  guardians: GuardianDto[]
  invites: PendingInviteDto[]
  /** Whether the caller may invite, remove and change guardians (full access). */
  canManage: boolean
}

export type InvitePreviewDto = { householdName: string; invitedByName: string | null; email: string; access: GuardianAccess; expiresAt: string }

export type HouseholdEventDto = { id: number; action: string; actorName: string; subject: string; at: string }

export const mergeInputSchema = z.object({
  keep: recordIdSchema('Please choose the household to keep'),
  merge: recordIdSchema('Please choose the household to merge into it'),
  /** Whose saved card the merged household keeps, when both have one. */
  card: z.enum(['keep', 'merge']).optional(),
})
export type MergeInput = z.infer<typeof mergeInputSchema>

export const mergePreviewQuerySchema = z.object({
  keep: recordIdSchema('Please choose the household to keep', { fromText: true }),
  merge: recordIdSchema('Please choose the household to merge into it', { fromText: true }),
})

/** What a merge moves from the merged household into the kept one. */
export type MergePreviewDto = {
  keep: { householdId: number; name: string; hasCard: boolean }
  merge: { householdId: number; name: string; hasCard: boolean }
  moves: {
    guardians: number
    students: number
    enrollments: number
    invoices: number
    payments: number
    credits: number
    waitlistPlaces: number
    attendanceMarks: number
  }
  /** True when both have a saved card: the merge needs `card`. */
  needsCardChoice: boolean
}

/** Split billing (decisions §34): a child, or one class of a child, billed to one full guardian. */
export const SPLIT_BILLING_MESSAGES = {
  off: 'Split billing is not switched on at this academy.',
  guardian: 'Choose a guardian of this household with full access.',
  studentNotFound: 'This student was not found in the household.',
  enrollmentNotFound: 'This class of the student was not found.',
  noRequest: 'No request to bill you for this is waiting for your answer.',
} as const

export const billedToSchema = z.object({
  studentId: recordIdSchema(SPLIT_BILLING_MESSAGES.studentNotFound),
  /** One class of the student (its enrollment), over the student's own choice. */
  enrollmentId: recordIdSchema(SPLIT_BILLING_MESSAGES.enrollmentNotFound).nullable().optional(),
  /** The guardian billed; null: back to the payer (for a class: back to the student's choice). */
  guardianId: recordIdSchema(SPLIT_BILLING_MESSAGES.guardian).nullable(),
})
export type BilledToInput = z.infer<typeof billedToSchema>

/** POST /api/household/billed-to/accept and /decline: the child, or one class of the child, the caller was asked to be billed for. */
export const billedToAnswerSchema = billedToSchema.pick({ studentId: true, enrollmentId: true })
export type BilledToAnswerInput = z.infer<typeof billedToAnswerSchema>

export type BilledToDto = {
  splitBilling: boolean
  payerId: number
  students: {
    studentId: number
    fullName: string
    billedTo: number | null
    /** A full guardian asked to be billed for the child who has not answered yet (decisions §38); the lines stay with `billedTo` meanwhile. */
    pendingFor: number | null
    enrollments: {
      enrollmentId: number
      classId: number
      className: string
      /** Not ended: the class the student attends now (a past class keeps its choice for its invoices). */
      current: boolean
      /** The guardian this class is billed to over the child's choice; null: as the child. */
      billedTo: number | null
      /** A full guardian asked to be billed for this class who has not answered yet. */
      pendingFor: number | null
    }[]
  }[]
}
