import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { queryRows, type SQL } from '#api/lib/database'
import { categoryField, type MessageCategory } from '#shared/statuses'
import type { Audience, AudiencePreview, CategoryChannel, StudentRef } from './schemas'

/**
 * Who a message reaches (issue 25). Every audience comes down to guardians (accounts), each
 * once whatever the number of their children or of the selected classes they are in, with the
 * children it concerns and the channel their preferences give it. Every guardian of a household
 * reached gets their own copy (decisions §23); `householdCount` counts the households.
 */
export type Guardian = {
  userId: number
  /** The household the guardian is reached through (decisions §23): its account's id. */
  householdId: number
  fullName: string
  email: string | null
  students: StudentRef[]
  channel: CategoryChannel
  reason: string | null
}

type Db = PayloadRequest | Payload

/**
 * The audiences of the automatic notices (decisions §27), on top of the studio's:
 * one household (its guardians), with the children the notice concerns (none for a billing notice);
 * with `guardianId`, that guardian of it alone (an invoice billed to one guardian, decisions "split billing").
 */
export type NoticeAudience = Audience | { kind: 'household'; householdId: number; studentIds: number[]; guardianId?: number | null }
const ids = (values: number[]) => JSON.stringify(values.map(Number))

/** The students concerned, per audience: (student, its family) pairs; no students for a billing audience. */
function studentsOf(audience: NoticeAudience, today: string): SQL | null {
  // An enrollment counts from its start until its last day (`end_date`), the same as a place taken.
  const current = sql`(e.end_date IS NULL OR to_char(e.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') >= ${today})`
  switch (audience.kind) {
    case 'everyone':
      return sql`SELECT s.id AS student_id, s.user_id FROM students s`
    case 'classes':
      return sql`SELECT s.id AS student_id, s.user_id FROM enrollments e JOIN students s ON s.id = e.student_id
        WHERE ${current} AND e.class_id IN (SELECT value::int FROM json_array_elements_text(${ids(audience.classIds)}::json))`
    case 'age-group':
      return sql`SELECT s.id AS student_id, s.user_id FROM enrollments e JOIN students s ON s.id = e.student_id JOIN classes c ON c.id = e.class_id
        WHERE ${current} AND c.age_group = ${audience.ageGroup}`
    case 'waitlist':
      return sql`SELECT w.student_id, w.family_id AS user_id FROM waitlist_entries w
        WHERE w.status IN ('waiting', 'offered') AND w.class_id IN (SELECT value::int FROM json_array_elements_text(${ids(audience.classIds)}::json))`
    case 'term':
      // A term's families (decisions §27): a child enrolled, during the range, in a class
      // whose term overlaps it; a class without term dates runs all year and so is in every term.
      return sql`SELECT s.id AS student_id, s.user_id FROM enrollments e JOIN students s ON s.id = e.student_id JOIN classes c ON c.id = e.class_id
        WHERE to_char(e.enrollment_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') <= ${audience.to}
          AND (e.end_date IS NULL OR to_char(e.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') >= ${audience.from})
          AND (c.term_start IS NULL OR c.term_start <= ${audience.to})
          AND (c.term_end IS NULL OR c.term_end >= ${audience.from})`
    case 'household':
      return sql`SELECT s.id AS student_id, s.user_id FROM students s
        WHERE s.user_id = ${audience.householdId} AND s.id IN (SELECT value::int FROM json_array_elements_text(${ids(audience.studentIds)}::json))`
    case 'unpaid':
      return null
  }
}

/** The households reached without a child: the unpaid invoices' families, or one household's billing notice. */
function householdsOf(audience: NoticeAudience): SQL {
  // An invoice or a card may name a second guardian: its household is the account it points at.
  if (audience.kind === 'household')
    return sql`SELECT coalesce(u.household_id, u.id)::int AS user_id, '[]'::json AS students FROM users u WHERE u.id = ${audience.householdId}`
  return sql`SELECT i.user_id, '[]'::json AS students FROM invoices i WHERE i.status IN ('pending', 'overdue') GROUP BY i.user_id`
}

const PREFERENCE_COLUMNS = {
  announcementsBy: sql`p.announcements_by`,
  classChangesBy: sql`p.class_changes_by`,
  billingBy: sql`p.billing_by`,
  remindersBy: sql`p.reminders_by`,
} as const

/** The guardians of an audience, once each, with the channel of `category` for each. */
export async function resolveAudience(db: Db, audience: NoticeAudience, category: MessageCategory, today: string): Promise<Guardian[]> {
  const pairs = audience.kind === 'household' && audience.studentIds.length === 0 ? null : studentsOf(audience, today)
  const members = pairs
    ? sql`SELECT pair.user_id, json_agg(json_build_object('id', st.id, 'fullName', st.full_name) ORDER BY st.full_name, st.id) AS students
        FROM (SELECT DISTINCT student_id, user_id FROM (${pairs}) AS raw) pair JOIN students st ON st.id = pair.student_id
        GROUP BY pair.user_id`
    : householdsOf(audience)
  const channel = category === 'service' ? sql`'email'` : sql`coalesce(${PREFERENCE_COLUMNS[categoryField(category)]}::text, 'email')`
  // Every guardian of each household reached: its account and the guardians pointing at it.
  const rows = await queryRows<{
    user_id: number
    household_id: number
    full_name: string
    email: string | null
    students: StudentRef[]
    channel: string
    email_off: boolean
  }>(
    db,
    sql`SELECT u.id AS user_id, m.user_id AS household_id, u.full_name, u.email, m.students, ${channel} AS channel, coalesce(p.email_notifications, true) = false AS email_off
      FROM (${members}) m JOIN users u ON u.id = m.user_id OR u.household_id = m.user_id
      LEFT JOIN notification_preferences p ON p.user_id = u.id
      WHERE coalesce(u.is_active, true) AND NOT coalesce(u.is_admin, false)
      ORDER BY u.full_name, u.id`,
  )
  const only = audience.kind === 'household' ? (audience.guardianId ?? null) : null
  return rows
    .filter((row) => only === null || Number(row.user_id) === only)
    .map((row) => {
      const reason = category === 'service' ? null : portalReason(row.channel, row.email_off, category)
      const hasEmail = Boolean(row.email)
      return {
        userId: Number(row.user_id),
        householdId: Number(row.household_id),
        fullName: row.full_name,
        email: row.email,
        students: row.students ?? [],
        channel: reason || !hasEmail ? 'portal' : 'email',
        reason: reason ?? (hasEmail ? null : 'No email address on the account'),
      }
    })
}

function portalReason(channel: string, emailOff: boolean, category: MessageCategory): string | null {
  if (emailOff) return 'Email notifications are off'
  if (channel === 'portal') return `Chose the portal only for ${category.replace('-', ' ')}`
  return null
}

/** Households among these guardians (a household of several guardians counts once). */
export function householdCount(guardians: Guardian[]): number {
  return new Set(guardians.map((guardian) => guardian.householdId)).size
}

export function previewOf(guardians: Guardian[]): AudiencePreview {
  const portalOnly = guardians.filter((guardian) => guardian.channel === 'portal')
  return {
    households: householdCount(guardians),
    guardians: guardians.length,
    byEmail: guardians.length - portalOnly.length,
    portalOnly: portalOnly.map((guardian) => ({ userId: guardian.userId, fullName: guardian.fullName, reason: guardian.reason ?? '' })),
  }
}

/** The words for the audience in lists ("Classes: Ballet 1, Jazz"). */
export async function audienceLabel(db: Db, audience: NoticeAudience): Promise<string> {
  switch (audience.kind) {
    case 'term':
      return `Families of the term ${audience.from} to ${audience.to}`
    case 'household': {
      const [row] = await queryRows<{ full_name: string }>(db, sql`SELECT full_name FROM users WHERE id = ${audience.householdId}`)
      return `Household of ${row?.full_name ?? audience.householdId}`
    }
    case 'everyone':
      return 'Everyone'
    case 'unpaid':
      return 'Guardians with an unpaid invoice'
    case 'age-group':
      return `Age group ${audience.ageGroup}`
    case 'classes':
    case 'waitlist': {
      const rows = await queryRows<{ name: string }>(
        db,
        sql`SELECT name FROM classes WHERE id IN (SELECT value::int FROM json_array_elements_text(${ids(audience.classIds)}::json)) ORDER BY name`,
      )
      const names = rows.map((row) => row.name).join(', ')
      return audience.kind === 'classes' ? `Classes: ${names}` : `Waiting for: ${names}`
    }
  }
}
