import type { DateFieldValidation } from 'payload'
import type { z } from 'zod'
import { date as payloadDate } from 'payload/shared'

import { calendarDay, DATE_RANGE_MESSAGES, isDayInRange, isIsoDate, isMonth, isMonthInRange } from '#shared/dates'

/*
 * The validators of every day and month a collection or global stores, whoever writes it (the
 * /api contract, /cms, Payload REST, seeds): the same bounds and range messages as the
 * contract's daySchema and monthSchema (src/shared/dates.ts). A date of birth keeps its own range
 * (validateDateDayWith the contract's dateOfBirthSchema).
 */

const isEmpty = (value: unknown) => value == null || value === ''

/** A `YYYY-MM-DD` text field: `invalid` unless a real day, the contract's range message outside YEAR_RANGE. */
export function validateDay(invalid: string, { optional = false }: { optional?: boolean } = {}) {
  return (value: unknown): string | true => {
    if (optional && isEmpty(value)) return true
    if (typeof value !== 'string' || !isIsoDate(value)) return invalid
    return isDayInRange(value) ? true : DATE_RANGE_MESSAGES.day
  }
}

/** A `YYYY-MM` text field: `invalid` unless a month, the contract's range message outside YEAR_RANGE. */
export function validateMonth(invalid: string, { optional = false }: { optional?: boolean } = {}) {
  return (value: unknown): string | true => {
    if (optional && isEmpty(value)) return true
    if (typeof value !== 'string' || !isMonth(value)) return invalid
    return isMonthInRange(value) ? true : DATE_RANGE_MESSAGES.month
  }
}

/**
 * The calendar day a Payload `date` field holds (`calendarDay`: the stored moment's UTC day, as
 * the code reads it back), or null for what is no date. A year past 9999 gives no `YYYY-MM-DD` day.
 */
export function dayOfDateValue(value: unknown): string | null {
  const moment = value instanceof Date ? value : new Date(String(value))
  return Number.isNaN(moment.getTime()) ? null : calendarDay(moment)
}

/**
 * A Payload `date` field holding a calendar day (a due date, an enrollment day; the admin panel's
 * day-only picker sends noon of the picked day): Payload's own check (required, a real date),
 * then the contract's range.
 */
export const validateDateDay: DateFieldValidation = (value, options) => {
  const checked = payloadDate(value, options)
  if (checked !== true || isEmpty(value)) return checked
  const day = dayOfDateValue(value)
  return day !== null && isDayInRange(day) ? true : DATE_RANGE_MESSAGES.day
}

/**
 * A Payload `date` field whose calendar day the contract checks with its own schema (a date of
 * birth: a real day, not in the future, within the last 100 years): Payload's own check, then
 * the schema's first message, so /cms stores only what the contract would.
 */
export function validateDateDayWith(schema: z.ZodType<string>): DateFieldValidation {
  return (value, options) => {
    const checked = payloadDate(value, options)
    if (checked !== true || isEmpty(value)) return checked
    const day = dayOfDateValue(value)
    const parsed = schema.safeParse(day ?? '')
    return parsed.success ? true : (parsed.error.issues[0]?.message ?? 'Invalid date')
  }
}
