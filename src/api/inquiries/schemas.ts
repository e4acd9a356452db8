import { z } from 'zod'

/** Subjects of the contact form (decisions §4). */
export const INQUIRY_SUBJECTS = ['General Question', 'Class Information', 'Registration', 'Billing & Payments', 'Private Lessons', 'Other'] as const
export type InquirySubject = (typeof INQUIRY_SUBJECTS)[number]

export const INQUIRY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 120 characters',
  nameControl: 'Name cannot contain line breaks or control characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  subjectRequired: 'Please select a subject',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: 'Message must be at most 5000 characters',
  notFound: 'Inquiry not found.',
  rateLimited: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
} as const

export const INQUIRY_MESSAGE_MIN = 10
export const INQUIRY_MESSAGE_MAX = 5000

/**
 * The contact form (spec §5). `submittedAt` may be sent (the spec's form does) but the
 * server ignores it and records its own time.
 */
export const inquiryInputSchema = z.object({
  name: z
    .string({ error: INQUIRY_MESSAGES.nameRequired })
    .trim()
    .min(1, INQUIRY_MESSAGES.nameRequired)
    .min(2, INQUIRY_MESSAGES.nameTooShort)
    .max(120, INQUIRY_MESSAGES.nameTooLong)
    // A name is one line; it also goes into the subject of the academy's notice email.
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    .refine((value) => !/[\u0000-\u001f\u007f\u2028\u2029]/.test(value), INQUIRY_MESSAGES.nameControl),
  email: z
    .string({ error: INQUIRY_MESSAGES.emailRequired })
    .trim()
    .min(1, INQUIRY_MESSAGES.emailRequired)
    .max(254, INQUIRY_MESSAGES.emailInvalid)
    .pipe(z.email(INQUIRY_MESSAGES.emailInvalid)),
  subject: z.enum(INQUIRY_SUBJECTS, { error: INQUIRY_MESSAGES.subjectRequired }),
  message: z
    .string({ error: INQUIRY_MESSAGES.messageTooShort })
    .trim()
    .min(INQUIRY_MESSAGE_MIN, INQUIRY_MESSAGES.messageTooShort)
    .max(INQUIRY_MESSAGE_MAX, INQUIRY_MESSAGES.messageTooLong),
  submittedAt: z.unknown().optional(),
})
export type InquiryInput = z.infer<typeof inquiryInputSchema>

export type InquiryDto = {
  id: number
  name: string
  email: string
  subject: InquirySubject
  message: string
  submittedAt: string
  isAddressed: boolean
  addressedAt: string | null
  addressedBy: number | null
}
