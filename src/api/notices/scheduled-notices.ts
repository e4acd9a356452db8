import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import { getAppContext } from '#server/context.server'
import { academyToday } from '#api/lib/academy-clock'
import { queryRows } from '#api/lib/database'
import { addDays, formatCalendarDay } from '#shared/dates'
import { moneyHouseholdOf } from '#api/households'
import { notify } from './notify'

/**
 * The notices that come with the calendar (decisions §27), one scheduled task
 * (`scheduledNotices`, cms/jobs.ts) on the academy's day: a term ending in 7 days, a saved card
 * expiring within 30 days, a makeup tomorrow. Each looks over a window rather than one exact day
 * (a day the task did not run is caught up) and each event is told once: its notice key.
 */
export const TERM_ENDING_DAYS = 7
export const CARD_EXPIRY_DAYS = 30

async function termsEnding(req: PayloadRequest, today: string): Promise<number> {
  const classes = await queryRows<{ id: number; name: string; term_end: string }>(
    req,
    sql`SELECT id, name, term_end FROM classes WHERE term_end BETWEEN ${today} AND ${addDays(today, TERM_ENDING_DAYS)}`,
  )
  let sent = 0
  for (const cls of classes) {
    const notice = await notify(
      req,
      'term-ending',
      `${cls.id}:${cls.term_end}`,
      { kind: 'classes', classIds: [Number(cls.id)] },
      {
        className: cls.name,
        termEnd: formatCalendarDay(cls.term_end),
      },
    )
    if (notice) sent++
  }
  return sent
}

/** The last day a card works: the end of its expiry month. */
const lastDayOf = (year: number, month: number) => addDays(`${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-01`, -1)

/**
 * Who hears of a card expiring, by the "billed to" rule (decisions §38): a guardian's own card
 * (decisions §36) its guardian alone; the household's card every guardian, or, in a household
 * that splits, the payer whose card it is.
 */
async function cardHolderToTell(req: PayloadRequest, card: { user_id: number; scope: string | null }): Promise<number | null> {
  if (card.scope === 'guardian') return Number(card.user_id)
  const household = await moneyHouseholdOf(req, Number(card.user_id))
  return household.split ? household.payerId : null
}

async function cardsExpiring(req: PayloadRequest, today: string): Promise<number> {
  const cards = await queryRows<{
    id: number
    user_id: number
    card_brand: string | null
    last_four: string | null
    expiry_month: number
    expiry_year: number
    scope: string | null
  }>(
    req,
    sql`SELECT id, user_id, card_brand, last_four, expiry_month, expiry_year, scope FROM payment_methods
      WHERE expiry_month BETWEEN 1 AND 12 AND expiry_year BETWEEN 2000 AND 2100`,
  )
  let sent = 0
  for (const card of cards) {
    const last = lastDayOf(Number(card.expiry_year), Number(card.expiry_month))
    if (last < today || last > addDays(today, CARD_EXPIRY_DAYS)) continue
    const expiry = `${String(card.expiry_month).padStart(2, '0')}/${card.expiry_year}`
    const notice = await notify(
      req,
      'card-expiring',
      `${card.id}:${expiry}`,
      { kind: 'household', householdId: Number(card.user_id), studentIds: [], guardianId: await cardHolderToTell(req, card) },
      {
        cardBrand: card.card_brand ?? 'saved',
        lastFour: card.last_four ?? '????',
        expiry,
        link: `${getAppContext().env.publicOrigin}/billing`,
      },
    )
    if (notice) sent++
  }
  return sent
}

async function makeupsTomorrow(req: PayloadRequest, today: string): Promise<number> {
  const tomorrow = addDays(today, 1)
  const makeups = await queryRows<{ id: number; student_id: number; family: number; student_name: string; class_name: string; time: string | null }>(
    req,
    sql`SELECT m.id, s.id AS student_id, s.user_id AS family, s.full_name AS student_name, c.name AS class_name, c.time
      FROM makeups m JOIN students s ON s.id = m.student_id JOIN classes c ON c.id = m.class_id WHERE m.date = ${tomorrow}`,
  )
  let sent = 0
  for (const makeup of makeups) {
    const notice = await notify(
      req,
      'makeup-reminder',
      `${makeup.id}:${tomorrow}`,
      { kind: 'household', householdId: Number(makeup.family), studentIds: [Number(makeup.student_id)] },
      { studentName: makeup.student_name, className: makeup.class_name, date: formatCalendarDay(tomorrow), time: makeup.time ?? 'at the class’s usual time' },
    )
    if (notice) sent++
  }
  return sent
}

export type ScheduledNoticesResult = { termEnding: number; cardExpiring: number; makeupReminder: number }

/** The task's step: each kind in turn, each notice in its own transaction. */
export async function sendScheduledNotices(payload: Payload): Promise<ScheduledNoticesResult> {
  const today = academyToday()
  const req = await createLocalReq({}, payload)
  return {
    termEnding: await termsEnding(req, today),
    cardExpiring: await cardsExpiring(req, today),
    makeupReminder: await makeupsTomorrow(req, today),
  }
}
