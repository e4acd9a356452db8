import { z } from 'zod'

import { CLOSURE_MAX_DAYS, closureLength, formatClosureDates, overlappingClosures, sortClosures, type ClosureRange } from '#shared/closures'
import { isIsoDate } from '#shared/dates'
import { daySchema } from './dates.schemas'

/*
 * The one schema of a list of closures (src/shared/closures.ts), for the academy's (tuition
 * settings) and a class's own. A closure is `{start, end, label}`; what clients sent before
 * closures were ranges is still read: a bare day `'2026-12-24'` (a class's closures) and
 * `{date, label}` (the tuition settings) are one-day closures. A missing or blank `end` is the
 * start's day. The answer is the list in calendar order.
 */

export const CLOSURE_LIMITS = { maxClosures: 366, maxDays: CLOSURE_MAX_DAYS, maxLabel: 100 } as const

/** The messages each owner words its own way (kept from when a closure was one day). */
export type ClosureListMessages = {
  /** Not a list, or more than maxClosures. */
  list: string
  /** A start (or a one-day closure's date) that is not a day. */
  date: string
  /** Two closures that are the same days. */
  twice: string
}

export const CLOSURE_MESSAGES = {
  end: 'Closure end must be a valid date (YYYY-MM-DD)',
  order: 'A closure cannot end before it starts',
  length: `A closure can last at most ${CLOSURE_MAX_DAYS} days`,
  label: 'Closure label must be at most 100 characters',
  overlap: (a: ClosureRange, b: ClosureRange) => `Closures overlap: ${formatClosureDates(a)} and ${formatClosureDates(b)}. Merge them or change the dates.`,
} as const

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The older shapes as a range: a day → that day; `{date}` → that day; no end → the start's day. */
function asRange(value: unknown): unknown {
  if (typeof value === 'string') return { start: value, end: value }
  if (!isRecord(value)) return value
  const start = value.start ?? value.date
  const end = value.end == null || (typeof value.end === 'string' && value.end.trim() === '') ? start : value.end
  return { start, end, label: value.label }
}

/** Both ends real days, the end not before the start (the checks above may have failed already). */
const isWellFormed = (range: { start: unknown; end: unknown }) =>
  typeof range.start === 'string' && typeof range.end === 'string' && isIsoDate(range.start) && isIsoDate(range.end) && range.end >= range.start

const labelSchema = z
  .string({ error: CLOSURE_MESSAGES.label })
  .trim()
  .max(CLOSURE_LIMITS.maxLabel, CLOSURE_MESSAGES.label)
  .nullish()
  .transform((label) => label || null)

/** One closure, `{start, end, label}` out; the older shapes in (see above). */
export function closureSchema(messages: ClosureListMessages) {
  return z.preprocess(
    asRange,
    z
      .object({ start: daySchema(messages.date), end: daySchema(CLOSURE_MESSAGES.end), label: labelSchema }, { error: messages.date })
      .superRefine((range, ctx) => {
        if (!isIsoDate(range.start) || !isIsoDate(range.end)) return
        if (range.end < range.start) ctx.addIssue({ code: 'custom', path: ['end'], message: CLOSURE_MESSAGES.order })
        else if (closureLength(range) > CLOSURE_LIMITS.maxDays) ctx.addIssue({ code: 'custom', path: ['end'], message: CLOSURE_MESSAGES.length })
      }),
  )
}

/** A list of closures: at most maxClosures, no two sharing a day, answered in calendar order. */
export function closureListSchema(messages: ClosureListMessages) {
  return z
    .array(closureSchema(messages), { error: messages.list })
    .max(CLOSURE_LIMITS.maxClosures, messages.list)
    .superRefine((ranges, ctx) => {
      if (!ranges.every(isWellFormed)) return
      const pair = overlappingClosures(ranges)
      if (!pair) return
      const [a, b] = pair
      ctx.addIssue({ code: 'custom', message: a.start === b.start && a.end === b.end ? messages.twice : CLOSURE_MESSAGES.overlap(a, b) })
    })
    .transform((ranges) => sortClosures(ranges))
}

export type ClosureDto = { start: string; end: string; label: string | null }
