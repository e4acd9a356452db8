import type { ArrayField } from 'payload'

import { CLOSURE_LIMITS, CLOSURE_MESSAGES, type ClosureListMessages } from '#api/lib/closures.schemas'
import { CLOSURE_MAX_DAYS, closureLength, overlappingClosures, sortClosures } from '#shared/closures'
import { isIsoDate } from '#shared/dates'
import { validateDay } from './dates'

type Row = { start?: unknown; end?: unknown; date?: unknown; label?: unknown; id?: unknown }
type Siblings = { siblingData?: Row }

const day = (value: unknown) => (typeof value === 'string' && isIsoDate(value) ? value : null)
const blank = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '')

/**
 * A row as it is stored: `{date}` (how a closure was written before ranges) becomes a one-day
 * range, a missing end is the start's day; the rows are kept in calendar order.
 */
function normalizeRows(value: unknown): unknown {
  if (!Array.isArray(value)) return value
  const rows = value.map((row: Row | null) => {
    if (!row || typeof row !== 'object') return row
    const { date, ...rest } = row
    const start = blank(rest.start) ? date : rest.start
    return { ...rest, start, end: blank(rest.end) ? start : rest.end }
  })
  const ranges = rows.filter((row): row is { start: string; end: string } => Boolean(day(row?.start) && day(row?.end)))
  return ranges.length === rows.length ? sortClosures(ranges) : rows
}

/**
 * The closures of the academy (tuition settings) or of a class, whoever writes them (/cms, the
 * contract, seeds): rows of a first and last day and an optional label, with the contract's
 * rules and messages (src/api/lib/closures.schemas.ts): the end not before the start, at most
 * CLOSURE_MAX_DAYS days, no two sharing a day.
 */
export function closuresField(options: { name?: string; label?: string; description: string; messages: ClosureListMessages }): ArrayField {
  const { messages } = options
  const startDay = validateDay(messages.date)
  const endDay = validateDay(CLOSURE_MESSAGES.end)
  return {
    name: options.name ?? 'closures',
    label: options.label ?? 'Closures',
    type: 'array',
    labels: { singular: 'Closure', plural: 'Closures' },
    maxRows: CLOSURE_LIMITS.maxClosures,
    admin: { description: options.description },
    hooks: { beforeValidate: [({ value }) => normalizeRows(value)] },
    validate: (value: unknown) => {
      if (!Array.isArray(value)) return true
      const ranges = value.map((row: Row) => ({ start: day(row?.start), end: day(row?.end) }))
      if (!ranges.every((r): r is { start: string; end: string } => Boolean(r.start && r.end && r.end >= r.start))) return true
      const pair = overlappingClosures(ranges)
      if (!pair) return true
      const [a, b] = pair
      return a.start === b.start && a.end === b.end ? messages.twice : CLOSURE_MESSAGES.overlap(a, b)
    },
    fields: [
      {
        type: 'row',
        fields: [
          {
            // Calendar days as text: a date-time would move across midnight with the editor's time zone.
            name: 'start',
            label: 'First day',
            type: 'text',
            required: true,
            admin: { description: 'YYYY-MM-DD', width: '50%' },
            validate: startDay,
          },
          {
            name: 'end',
            label: 'Last day',
            type: 'text',
            required: true,
            admin: { description: `YYYY-MM-DD; the first day again for a single day (at most ${CLOSURE_MAX_DAYS} days)`, width: '50%' },
            validate: (value: unknown, { siblingData }: Siblings) => {
              const valid = endDay(value)
              if (valid !== true) return valid
              const [start, end] = [day(siblingData?.start), day(value)]
              // A first day that is refused is named by its own field alone.
              if (!start || !end || startDay(start) !== true) return true
              if (end < start) return CLOSURE_MESSAGES.order
              return closureLength({ start, end }) > CLOSURE_MAX_DAYS ? CLOSURE_MESSAGES.length : true
            },
          },
        ],
      },
      { name: 'label', type: 'text', maxLength: CLOSURE_LIMITS.maxLabel },
    ],
  } as ArrayField
}
