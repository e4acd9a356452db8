import { z } from 'zod'

import { recordIdSchema } from '#api/lib/id.schemas'
/**
 * Care information and authorised pickups (issue 24, decisions "care information and pickups"):
 * what the family tells the studio about a child, shared by the family's forms and the server.
 */
export const CARE_MESSAGES = {
  notFound: 'Student not found',
  pickupNotFound: 'Pickup not found',
  familyOnly: 'Only the student’s family or an administrator may change care information',
  nameRequired: 'Please give the name',
  nameTooLong: 'The name must be at most 120 characters',
  relationshipRequired: 'Please say how they are related to the child (for example Grandmother, Neighbour)',
  relationshipTooLong: 'The relationship must be at most 60 characters',
  phoneRequired: 'Please give the phone number',
  phoneInvalid: 'Please enter a valid phone number',
  allergiesTooLong: 'Allergies must be at most 1000 characters',
  medicalNotesTooLong: 'Medical notes must be at most 2000 characters',
  tooManyContacts: 'At most 5 emergency contacts',
  tooManyPickups: 'At most 10 authorised pickups per student',
  photoChoiceInvalid: 'Please choose whether the child may be photographed',
  photoRequired: 'Please choose a photo',
  photoType: 'The photo must be a JPEG, PNG or WebP image',
  photoTooLarge: 'The photo must be at most 300 KB: choose a smaller one',
  photoNotFound: 'This pickup has no photo',
} as const

/** The largest pickup photo the server keeps, in bytes (the portal resizes a camera's photo to well below it). */
export const MAX_PICKUP_PHOTO_BYTES = 300 * 1024

/** PUT /api/students/:id/pickups/:pickupId/photo: the image as a data URL (`data:image/jpeg;base64,…`). */
export const pickupPhotoSchema = z.object({
  image: z
    .string({ error: CARE_MESSAGES.photoRequired })
    .min(1, CARE_MESSAGES.photoRequired)
    // Base64 is 4/3 of the bytes, plus the data URL's prefix.
    .max(Math.ceil((MAX_PICKUP_PHOTO_BYTES * 4) / 3) + 64, CARE_MESSAGES.photoTooLarge)
    .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$/, CARE_MESSAGES.photoType),
})
export type PickupPhotoInput = z.infer<typeof pickupPhotoSchema>

/** The words of the refusal when a family enrolls a child without an emergency contact (4xx). */
export const emergencyContactNeededMessage = (student: string) =>
  `Please add an emergency contact for ${student} before the first enrollment: open ${student}’s care information and add one.`

const phoneText = (optional: boolean) =>
  z
    .string({ error: CARE_MESSAGES.phoneRequired })
    .trim()
    .max(40, CARE_MESSAGES.phoneInvalid)
    .refine((value) => optional || value !== '', CARE_MESSAGES.phoneRequired)
    .refine((value) => value === '' || (/^\+?[\d\s().-]{7,}$/.test(value) && (value.match(/\d/g) ?? []).length >= 7), CARE_MESSAGES.phoneInvalid)

const nameText = z.string({ error: CARE_MESSAGES.nameRequired }).trim().min(1, CARE_MESSAGES.nameRequired).max(120, CARE_MESSAGES.nameTooLong)
const relationshipText = z
  .string({ error: CARE_MESSAGES.relationshipRequired })
  .trim()
  .min(1, CARE_MESSAGES.relationshipRequired)
  .max(60, CARE_MESSAGES.relationshipTooLong)

/** One person the studio calls, or who may collect the child: all three fields are needed. */
export const personSchema = z.object({ name: nameText, relationship: relationshipText, phone: phoneText(false) })
export type PersonInput = z.infer<typeof personSchema>

export const emergencyContactSchema = personSchema
export const pickupInputSchema = personSchema

/** "May be photographed": yes, no, or not answered yet (null). */
export const PHOTO_CHOICES = ['yes', 'no'] as const
export type PhotoChoice = (typeof PHOTO_CHOICES)[number]

/** PUT /api/students/:id/care: the whole care information of one student. */
export const careInputSchema = z.object({
  emergencyContacts: z.array(emergencyContactSchema, { error: CARE_MESSAGES.nameRequired }).max(5, CARE_MESSAGES.tooManyContacts),
  allergies: z.string().trim().max(1000, CARE_MESSAGES.allergiesTooLong).default(''),
  medicalNotes: z.string().trim().max(2000, CARE_MESSAGES.medicalNotesTooLong).default(''),
  doctor: z
    .object({ name: z.string().trim().max(120, CARE_MESSAGES.nameTooLong).default(''), phone: phoneText(true).default('') })
    .default({ name: '', phone: '' }),
  mayBePhotographed: z.enum(PHOTO_CHOICES, { error: CARE_MESSAGES.photoChoiceInvalid }).nullable().default(null),
})
export type CareInput = z.infer<typeof careInputSchema>

export type PersonDto = { name: string; relationship: string; phone: string }
/** `photoUrl`: where the household, its child's teachers and the office see the pickup's photo; absent when there is none. */
export type PickupDto = PersonDto & { id: number; photoUrl?: string }

export type CareDto = {
  studentId: number
  studentName: string
  emergencyContacts: PersonDto[]
  allergies: string
  medicalNotes: string
  doctor: { name: string; phone: string }
  mayBePhotographed: PhotoChoice | null
  pickups: PickupDto[]
}

/** What a teacher sees on the roster line of a child (the notes themselves only on request, audited). */
export type RosterCareDto = {
  allergies: string
  hasMedicalNotes: boolean
  mayBePhotographed: PhotoChoice | null
  /** The choice of the signed photo release (issue 26), when the family signed one: it outranks `mayBePhotographed`. */
  photoRelease: string | null
  pickups: PickupDto[]
}

/** One read of a student's medical notes by a member of staff, for administrators. */
export type MedicalNoteReadDto = {
  id: number
  readAt: string
  reader: { id: number | null; name: string; role: 'admin' | 'teacher' }
  student: { id: number | null; name: string }
}

export const medicalNoteReadsQuerySchema = z.object({
  studentId: recordIdSchema('studentId must be the id of a student', { fromText: true }).optional(),
})

/** GET /api/students/:id/care?medicalNotes=0 leaves the notes out (and so records no read). */
export const careQuerySchema = z.object({ medicalNotes: z.enum(['0', '1'], { error: 'medicalNotes must be 0 or 1' }).optional() })
