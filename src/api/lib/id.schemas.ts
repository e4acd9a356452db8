import { z } from 'zod'

/** The largest id a PostgreSQL `integer` column holds: a larger number is no record, and must not reach a query. */
export const MAX_RECORD_ID = 2_147_483_647

/** The text of an id in a path or a query string (or a form that sends one as text): decimal digits only, no sign, point, exponent or `0x`. */
const ID_TEXT = /^\d{1,10}$/

/** The message of a path id that cannot name a record (`defineEndpoint` answers it with 404). */
export const NO_SUCH_RECORD = 'Not found: there is no record with this id.'

/** Whether a value names a record: a whole number from 1 to MAX_RECORD_ID. */
export function isRecordId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_RECORD_ID
}

/** The number a path's or query's id text stands for, or null when it is no record's id (`1e15`, `2147483648`, `0`, `-1`, `1.5`, `abc`, `0x10`). */
export function recordIdOf(text: unknown): number | null {
  if (typeof text !== 'string' || !ID_TEXT.test(text)) return null
  const id = Number(text)
  return isRecordId(id) ? id : null
}

/**
 * The one schema of a record's id, wherever the server reads one, from 1 to MAX_RECORD_ID; anything
 * else is refused with `message` (a 400). A bound here keeps a number PostgreSQL cannot hold from
 * reaching a query (where it was a 500). A JSON body sends a number (`"12"` is the wrong type);
 * with `fromText`, the digits of a query string (or of a form's select) are read as the id.
 */
export const recordIdSchema = (message: string, { fromText = false }: { fromText?: boolean } = {}) =>
  z.preprocess((value) => (fromText ? (recordIdOf(value) ?? value) : value), z.number({ error: message }).refine(isRecordId, message)).meta({ recordId: true })

/** A query string's list of ids, `12,14`: from 1 to `most` ids, each a record id; else `message`. */
export const recordIdListSchema = (message: string, most: number) =>
  z
    .string({ error: message })
    .transform((text, ctx) => {
      const ids = text.split(',').map(recordIdOf)
      if (ids.length > most || ids.some((id) => id === null)) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return ids as number[]
    })
    .meta({ recordId: true })
