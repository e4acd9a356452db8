import { z } from 'zod'

import { parseAgeGroup } from '#shared/eligibility'

/** Experience levels of spec §3, in the order the forms list them. */
export const EXPERIENCE_LEVELS = ['Beginner', 'Some Experience', 'Intermediate', 'Advanced'] as const
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number]

/** `a-b` (inclusive, a ≤ b) or `n+` (decisions §4). */
export function isValidAgeGroup(value: string): boolean {
  return parseAgeGroup(value) !== null
}

export const ageGroupSchema = z.string().trim().min(1, 'Age group is required').refine(isValidAgeGroup, 'Age group must look like "6-8" or "18+"')

/** GET /api/classes?ageGroup=…: an optional age group to filter by (blank means every class). */
export const classListQuerySchema = z.object({
  ageGroup: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.string().refine(isValidAgeGroup, 'Age group must look like "6-8" or "18+"').optional())
    .optional(),
})

const required = (label: string) => z.string().trim().min(1, `${label} is required`).max(200)

/** Admin class form (spec §5); price is integer cents in the API (decisions §4). */
export const classInputSchema = z.object({
  name: z.string().trim().min(3, 'Name must be at least 3 characters').max(120),
  description: z.string().trim().min(10, 'Description must be at least 10 characters').max(4000),
  ageGroup: ageGroupSchema,
  level: required('Level'),
  days: required('Days'),
  time: required('Time'),
  location: required('Location'),
  instructor: required('Instructor'),
  price: z.number({ error: 'Price must be a number' }).int('Price must be a whole number of cents').positive('Price must be positive').max(10_000_000),
  capacity: z.number().int('Capacity must be a whole number').positive('Capacity must be positive').max(1000).nullable().optional(),
})
export type ClassInput = z.infer<typeof classInputSchema>

export const classUpdateSchema = classInputSchema.partial()

export type ClassDto = {
  id: number
  name: string
  description: string
  ageGroup: string
  level: string
  days: string
  time: string
  location: string
  instructor: string
  price: number
  capacity: number | null
  /** Students whose enrollment has not ended. */
  enrolledCount?: number
  /** Places held for waitlisted families by open offers (decisions §15): not free either. */
  heldCount?: number
}
