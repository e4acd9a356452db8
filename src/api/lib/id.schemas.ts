import { z } from 'zod'

/** The largest id a PostgreSQL `integer` column holds: a larger number is no record, and must not reach a query. */
export const MAX_RECORD_ID = 2_147_483_647

/** A record's id in a JSON body: a whole number from 1 to MAX_RECORD_ID, else 400 with `message`. */
export const recordIdSchema = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_RECORD_ID, message)
