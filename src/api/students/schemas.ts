import { z } from 'zod'

import { recordIdSchema } from '#api/lib/id.schemas'
import { EXPERIENCE_LEVELS, type ExperienceLevel } from '#api/classes/schemas'
import { isIsoDate, shiftYears, todayIso } from '#shared/dates'
import { schemaNow } from '#shared/schema-clock'

/** Add-student form messages (spec §5; the full-name rules follow the profile form's style). */
export const STUDENT_MESSAGES = {
  fullNameRequired: 'Full name is required',
  fullNameTooShort: 'Full name must be at least 2 characters',
  fullNameTooLong: 'Full name must be at most 120 characters',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Please enter a valid date of birth (YYYY-MM-DD)',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  dateOfBirthTooOld: 'Date of birth must be within the last 100 years',
  experienceLevelInvalid: `Experience level must be one of: ${EXPERIENCE_LEVELS.join(', ')}`,
  notFound: 'Student not found',
  emergencyNameTooLong: 'Emergency contact name must be at most 120 characters',
  emergencyNameRequired: 'Please give the emergency contact’s name with the phone number',
  emergencyPhoneRequired: 'Please give the emergency contact’s phone number',
  emergencyPhoneInvalid: 'Please enter a valid phone number for the emergency contact',
} as const

/**
 * Who the teacher calls if something happens in class (decisions §9): optional, but a name
 * comes with a phone number and the other way round. Empty fields mean no contact.
 */
export const emergencyContactSchema = z
  .object({
    name: z.string({ error: STUDENT_MESSAGES.emergencyNameRequired }).trim().max(120, STUDENT_MESSAGES.emergencyNameTooLong).default(''),
    phone: z
      .string({ error: STUDENT_MESSAGES.emergencyPhoneRequired })
      .trim()
      .max(40, STUDENT_MESSAGES.emergencyPhoneInvalid)
      .refine((value) => value === '' || /^\+?[\d\s().-]{7,}$/.test(value), STUDENT_MESSAGES.emergencyPhoneInvalid)
      .refine((value) => value === '' || (value.match(/\d/g) ?? []).length >= 7, STUDENT_MESSAGES.emergencyPhoneInvalid)
      .default(''),
  })
  .superRefine((contact, ctx) => {
    if (contact.name && !contact.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: STUDENT_MESSAGES.emergencyPhoneRequired })
    if (contact.phone && !contact.name) ctx.addIssue({ code: 'custom', path: ['name'], message: STUDENT_MESSAGES.emergencyNameRequired })
  })
export type EmergencyContactInput = z.infer<typeof emergencyContactSchema>

/**
 * "Today" for a date of birth: the latest calendar date anywhere on Earth (UTC+14), so a child
 * born today somewhere ahead of the server's clock is never "in the future".
 */
export function latestToday(now: Date = schemaNow()): string {
  return todayIso(new Date(now.getTime() + 14 * 60 * 60 * 1000))
}

export const dateOfBirthSchema = z
  .string({ error: STUDENT_MESSAGES.dateOfBirthRequired })
  .trim()
  .min(1, STUDENT_MESSAGES.dateOfBirthRequired)
  .refine(isIsoDate, STUDENT_MESSAGES.dateOfBirthInvalid)
  // YYYY-MM-DD strings compare in calendar order.
  .refine((value) => !isIsoDate(value) || value <= latestToday(), STUDENT_MESSAGES.dateOfBirthFuture)
  .refine((value) => !isIsoDate(value) || value >= shiftYears(todayIso(schemaNow()), -100), STUDENT_MESSAGES.dateOfBirthTooOld)

export const studentInputSchema = z.object({
  fullName: z
    .string({ error: STUDENT_MESSAGES.fullNameRequired })
    .trim()
    .min(1, STUDENT_MESSAGES.fullNameRequired)
    .min(2, STUDENT_MESSAGES.fullNameTooShort)
    .max(120, STUDENT_MESSAGES.fullNameTooLong),
  dateOfBirth: dateOfBirthSchema,
  experienceLevel: z.enum(EXPERIENCE_LEVELS, { error: STUDENT_MESSAGES.experienceLevelInvalid }),
  emergencyContact: emergencyContactSchema.optional(),
})
export type StudentInput = z.infer<typeof studentInputSchema>

/** An administrator may also choose the family the student joins (a family's own id is implied). */
export const adminStudentInputSchema = studentInputSchema.extend({
  userId: recordIdSchema('Please select a user').optional(),
})
export type AdminStudentInput = z.infer<typeof adminStudentInputSchema>

export type StudentDto = {
  id: number
  userId: number
  fullName: string
  /** YYYY-MM-DD */
  dateOfBirth: string
  experienceLevel: ExperienceLevel
  /** Null when none was given. */
  emergencyContact: { name: string; phone: string } | null
}

/**
 * PATCH /api/students/:id refuses a date of birth that would take the student out of the age
 * group of a class they are in (decisions §18), naming each class.
 */
export const birthDateOutsideClassesMessage = (student: string, age: number, classes: ReadonlyArray<{ name: string; ageGroup: string }>) =>
  `With this date of birth ${student} would be ${age}, outside the age group of ${classes
    .map((cls) => `${cls.name} (ages ${cls.ageGroup})`)
    .join(', ')}. Drop the class first, or ask the studio to correct the date of birth.`

/** PATCH /api/students/:id/emergency-contact: a family changes (or clears, with empty fields) the contact. */
export const emergencyContactUpdateSchema = z.object({ emergencyContact: emergencyContactSchema })
