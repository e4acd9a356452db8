import { z } from 'zod'

import { DATE_RANGE_MESSAGES, isDayInRange, isIsoDate, isMonth, isMonthInRange } from '#shared/dates'

export { DATE_RANGE_MESSAGES, YEAR_RANGE } from '#shared/dates'

/*
 * The one day schema and the one month schema of every request (a period, a due date, a
 * closure, an attendance day…), shared by the server and the forms. Beyond the format, the year
 * is bounded to YEAR_RANGE of src/shared/dates.ts, which /cms's validators share
 * (cms/fields/dates.ts). A date of birth is the exception: it has its own range
 * (src/api/students/schemas.ts).
 */

/** A real calendar day `YYYY-MM-DD` in YEAR_RANGE; `invalid` for anything else, `required` (default `invalid`) when empty. */
export function daySchema(invalid: string, required: string = invalid) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(isIsoDate, invalid)
    .refine((value) => !isIsoDate(value) || isDayInRange(value), DATE_RANGE_MESSAGES.day)
}

/** A month `YYYY-MM` in YEAR_RANGE; `invalid` for anything else. */
export function monthSchema(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .refine(isMonth, invalid)
    .refine((value) => !isMonth(value) || isMonthInRange(value), DATE_RANGE_MESSAGES.month)
}
