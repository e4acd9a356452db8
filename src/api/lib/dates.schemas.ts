import { z } from 'zod'

import { isIsoDate, isMonth } from '#shared/dates'

/**
 * The one day schema and the one month schema of every request (a period, a due date, a
 * closure, an attendance day…), shared by the server and the forms. Beyond the format, the year
 * is bounded: the calendar code counts days as strings, and a year such as 0000 or 9999 would
 * turn a request into a 500 or a loop. A date of birth is the exception: it has its own range
 * (src/api/students/schemas.ts).
 */
export const YEAR_RANGE = { min: 2000, max: 2100 } as const

export const DATE_RANGE_MESSAGES = {
  day: `Dates must fall in the years ${YEAR_RANGE.min} to ${YEAR_RANGE.max}`,
  month: `Months must fall in the years ${YEAR_RANGE.min} to ${YEAR_RANGE.max}`,
} as const

const yearOf = (value: string) => Number(value.slice(0, 4))
const inRange = (value: string) => yearOf(value) >= YEAR_RANGE.min && yearOf(value) <= YEAR_RANGE.max

/** A real calendar day `YYYY-MM-DD` in YEAR_RANGE; `invalid` for anything else, `required` (default `invalid`) when empty. */
export function daySchema(invalid: string, required: string = invalid) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(isIsoDate, invalid)
    .refine((value) => !isIsoDate(value) || inRange(value), DATE_RANGE_MESSAGES.day)
}

/** A month `YYYY-MM` in YEAR_RANGE; `invalid` for anything else. */
export function monthSchema(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .refine(isMonth, invalid)
    .refine((value) => !isMonth(value) || inRange(value), DATE_RANGE_MESSAGES.month)
}
