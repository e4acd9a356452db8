import { z } from 'zod'

import { parseAgeGroup } from '#shared/eligibility'
import { daySchema } from '#api/lib/dates.schemas'
import { recordIdSchema } from '#api/lib/id.schemas'
import { CLOSURE_LIMITS, closureListSchema, type ClosureDto } from '#api/lib/closures.schemas'
import { HHMM_PATTERN, WEEKDAYS, minutesOfHHMM, weekdayIndexes, weekdayNames, type WeekdayName } from '#shared/schedule'

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

/** Messages of the structured schedule (decisions §14), shared by the forms, the API and the collection. */
/** A class the caller named that does not exist (404). */
export const CLASS_NOT_FOUND = 'Class not found'

export const CLASS_SCHEDULE_MESSAGES = {
  // The spec's messages (§5) for the form's days and time, now asked as structure.
  weekdays: 'Days is required',
  weekday: 'Days of the week must be among Monday to Sunday',
  startTime: 'Start time must be a time such as 16:00',
  endTime: 'End time must be a time such as 17:00',
  startRequired: 'Time is required',
  endRequired: 'End time is required',
  timesTogether: 'Give both a start and an end time, or neither',
  endAfterStart: 'End time must be after the start time',
  termDate: 'Term dates must be valid dates (YYYY-MM-DD)',
  termOrder: 'The term cannot end before it starts',
  closureDate: 'Closure dates must be valid dates (YYYY-MM-DD)',
  closureTwice: 'A closure date is listed twice',
  closures: 'Closures must be a list of at most 366 closures',
  room: 'Room must be at most 100 characters',
  teacher: 'Please select a teacher account',
} as const

export const CLASS_SCHEDULE_LIMITS = { maxClosures: CLOSURE_LIMITS.maxClosures, maxRoom: 100 } as const

/** Whether an end time comes after a start time (both 'HH:MM'). */
export function endsAfterStart(startTime: string, endTime: string): boolean {
  const start = minutesOfHHMM(startTime)
  const end = minutesOfHHMM(endTime)
  return start !== null && end !== null && end > start
}

const weekdaysSchema = z
  .array(z.enum(WEEKDAYS, { error: CLASS_SCHEDULE_MESSAGES.weekday }), { error: CLASS_SCHEDULE_MESSAGES.weekday })
  .max(14, CLASS_SCHEDULE_MESSAGES.weekday)
  // Monday first, each day once: the order the schedule and the display text use.
  .transform((names): WeekdayName[] => weekdayNames(weekdayIndexes(names)))

const clock = (message: string) => z.string({ error: message }).trim().regex(HHMM_PATTERN, message)
const isoDate = (message: string) => daySchema(message)
/** Blank and null both clear an optional value; absent leaves it as it is (PATCH). */
const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null)
const optionalClock = (message: string) =>
  z
    .union([z.literal(''), clock(message)])
    .nullable()
    .optional()
    .transform(blankToNull)
const optionalDate = z
  .union([z.literal(''), isoDate(CLASS_SCHEDULE_MESSAGES.termDate)])
  .nullable()
  .optional()
  .transform(blankToNull)

/**
 * The class's own closures as ranges `{start, end, label}`; a bare day `'2027-02-16'` (how they
 * were sent before ranges) is still read as a one-day closure (src/api/lib/closures.schemas.ts).
 */
const closuresSchema = closureListSchema({
  list: CLASS_SCHEDULE_MESSAGES.closures,
  date: CLASS_SCHEDULE_MESSAGES.closureDate,
  twice: CLASS_SCHEDULE_MESSAGES.closureTwice,
})

/** The structured schedule of a class (decisions §14); every part optional on the wire. */
const scheduleShape = {
  weekdays: weekdaysSchema.optional(),
  startTime: optionalClock(CLASS_SCHEDULE_MESSAGES.startTime),
  endTime: optionalClock(CLASS_SCHEDULE_MESSAGES.endTime),
  room: z.string().trim().max(CLASS_SCHEDULE_LIMITS.maxRoom, CLASS_SCHEDULE_MESSAGES.room).nullable().optional().transform(blankToNull),
  termStart: optionalDate,
  termEnd: optionalDate,
  closures: closuresSchema.optional(),
  /** The teacher account that sees the class at /teach (decisions §9); null: none. */
  teacherId: recordIdSchema(CLASS_SCHEDULE_MESSAGES.teacher).nullable().optional(),
}

const classShape = {
  name: z.string().trim().min(3, 'Name must be at least 3 characters').max(120),
  description: z.string().trim().min(10, 'Description must be at least 10 characters').max(4000),
  ageGroup: ageGroupSchema,
  level: required('Level'),
  // The spec's display texts: a client may send these alone (they are read into the structure),
  // or the structure alone (the texts are written from it).
  days: required('Days').optional(),
  time: required('Time').optional(),
  location: required('Location'),
  instructor: required('Instructor'),
  price: z
    .number({ error: 'Price must be a number' })
    .int('Price must be in dollars and cents, to the cent')
    .positive('Price must be positive')
    .max(10_000_000, 'Price cannot be more than $100,000.00 a month'),
  capacity: z.number().int('Capacity must be a whole number').positive('Capacity must be positive').max(1000).nullable().optional(),
  ...scheduleShape,
}

type ScheduleParts = { startTime?: string | null; endTime?: string | null; termStart?: string | null; termEnd?: string | null }

/** The checks between fields that hold within one request. */
function checkPairs(value: ScheduleParts, ctx: z.RefinementCtx) {
  const { startTime, endTime, termStart, termEnd } = value
  if (startTime !== undefined && endTime !== undefined && !startTime !== !endTime) {
    ctx.addIssue({ code: 'custom', path: [startTime ? 'endTime' : 'startTime'], message: CLASS_SCHEDULE_MESSAGES.timesTogether })
  }
  if (startTime && endTime && !endsAfterStart(startTime, endTime)) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: CLASS_SCHEDULE_MESSAGES.endAfterStart })
  }
  if (termStart && termEnd && termEnd < termStart) ctx.addIssue({ code: 'custom', path: ['termEnd'], message: CLASS_SCHEDULE_MESSAGES.termOrder })
}

/**
 * POST /api/classes (spec §5; price in cents, decisions §4). The days come as `days` text or as
 * `weekdays`, the time as `time` text or as `startTime` and `endTime` (decisions §14).
 */
export const classInputSchema = z.object(classShape).superRefine((value, ctx) => {
  if (!value.days && !value.weekdays?.length) ctx.addIssue({ code: 'custom', path: ['days'], message: 'Days is required' })
  if (!value.time && !(value.startTime || value.endTime)) ctx.addIssue({ code: 'custom', path: ['time'], message: 'Time is required' })
  checkPairs({ ...value, startTime: value.startTime ?? null, endTime: value.endTime ?? null }, ctx)
})
/** What a client sends to POST /api/classes. */
export type ClassInput = z.input<typeof classInputSchema>
export type ClassCreate = z.output<typeof classInputSchema>

/** PATCH /api/classes/:id: any of the fields; the collection checks the result as a whole. */
export const classUpdateSchema = z.object(classShape).partial().superRefine(checkPairs)
export type ClassUpdate = z.output<typeof classUpdateSchema>
export type ClassUpdateInput = z.input<typeof classUpdateSchema>

/** The admin console's class form (decisions §14): the structure is required there; no free text. */
export const classFormSchema = z
  .object({
    ...classShape,
    days: z.undefined().optional(),
    time: z.undefined().optional(),
    weekdays: weekdaysSchema.refine((days) => days.length > 0, CLASS_SCHEDULE_MESSAGES.weekdays),
    startTime: z.string().trim().min(1, CLASS_SCHEDULE_MESSAGES.startRequired).pipe(clock(CLASS_SCHEDULE_MESSAGES.startTime)),
    endTime: z.string().trim().min(1, CLASS_SCHEDULE_MESSAGES.endRequired).pipe(clock(CLASS_SCHEDULE_MESSAGES.endTime)),
  })
  .superRefine(checkPairs)
export type ClassFormInput = z.output<typeof classFormSchema>

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
  /** The structured schedule (decisions §14): weekday names Monday first, 'HH:MM' times. */
  weekdays: WeekdayName[]
  startTime: string | null
  endTime: string | null
  room: string | null
  /** The term, `YYYY-MM-DD`; null: open-ended on that side. */
  termStart: string | null
  termEnd: string | null
  /** The class's own closures (days without class) in calendar order, each a range of days. */
  closures: ClosureDto[]
  /** Students whose enrollment has not ended. */
  enrolledCount?: number
  /** Places held for waitlisted families by open offers (decisions §15): not free either. */
  heldCount?: number
  /** The season the class belongs to, with its registration days (issue 41); absent for a class of no season. */
  season?: ClassSeasonDto
}

/** A class's season as the catalogue shows it: its name, its days and when registration opens. */
export type ClassSeasonDto = { id: number; name: string; firstDay: string; lastDay: string; priorityOpens: string; openOpens: string }

/** GET /api/admin/teachers: a teacher account for the class form's teacher select. */
export type TeacherOptionDto = { id: number; fullName: string; username: string; classIds: number[] }
