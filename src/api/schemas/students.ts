import { z } from 'zod'

import { EXPERIENCE_LEVELS, type ExperienceLevel } from './classes'
import { isIsoDate, shiftYears, todayIso } from '#shared/dates'

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
} as const

/**
 * "Today" for a date of birth: the latest calendar date anywhere on Earth (UTC+14), so a child
 * born today somewhere ahead of the server's clock is never "in the future".
 */
export function latestToday(now: Date = new Date()): string {
  return todayIso(new Date(now.getTime() + 14 * 60 * 60 * 1000))
}

export const dateOfBirthSchema = z
  .string({ error: STUDENT_MESSAGES.dateOfBirthRequired })
  .trim()
  .min(1, STUDENT_MESSAGES.dateOfBirthRequired)
  .refine(isIsoDate, STUDENT_MESSAGES.dateOfBirthInvalid)
  // YYYY-MM-DD strings compare in calendar order.
  .refine((value) => !isIsoDate(value) || value <= latestToday(), STUDENT_MESSAGES.dateOfBirthFuture)
  .refine((value) => !isIsoDate(value) || value >= shiftYears(todayIso(), -100), STUDENT_MESSAGES.dateOfBirthTooOld)

export const studentInputSchema = z.object({
  fullName: z
    .string({ error: STUDENT_MESSAGES.fullNameRequired })
    .trim()
    .min(1, STUDENT_MESSAGES.fullNameRequired)
    .min(2, STUDENT_MESSAGES.fullNameTooShort)
    .max(120, STUDENT_MESSAGES.fullNameTooLong),
  dateOfBirth: dateOfBirthSchema,
  experienceLevel: z.enum(EXPERIENCE_LEVELS, { error: STUDENT_MESSAGES.experienceLevelInvalid }),
})
export type StudentInput = z.infer<typeof studentInputSchema>

/** An administrator may also choose the family the student joins (a family's own id is implied). */
export const adminStudentInputSchema = studentInputSchema.extend({
  userId: z.number({ error: 'Please select a user' }).int('Please select a user').positive('Please select a user').optional(),
})
export type AdminStudentInput = z.infer<typeof adminStudentInputSchema>

export type StudentDto = {
  id: number
  userId: number
  fullName: string
  /** YYYY-MM-DD */
  dateOfBirth: string
  experienceLevel: ExperienceLevel
}
