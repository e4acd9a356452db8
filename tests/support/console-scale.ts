/** Anything that runs SQL with parameters (a pg Client or Pool). */
type Sql = { query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> }

/** The admin console at real size (issue 23): 150 households, 2 students each, 8 invoices each. */
export const CONSOLE_SCALE = {
  households: 150,
  studentsPerHousehold: 2,
  months: ['2027-01', '2027-02', '2027-03', '2027-04', '2027-05', '2027-06', '2027-07', '2027-08'],
}

const STATUSES = ['pending', 'paid', 'overdue', 'cancelled'] as const

/** The names the seed gives household `n` (1-based) of `prefix`: searchable, and unique to the prefix. */
export function scaleHousehold(prefix: string, n: number) {
  const tag = `${prefix}-${String(n).padStart(3, '0')}`
  return {
    fullName: `Hollis ${tag}`,
    email: `${tag}@example.com`,
    username: tag,
    children: [`Odette ${tag}`, `Clara ${tag}`],
    /** The status of its invoice for the month at `monthIndex` of CONSOLE_SCALE.months. */
    status: (monthIndex: number) => STATUSES[(n + monthIndex) % STATUSES.length]!,
  }
}

/**
 * The real-size data set of the admin console, written in one set-based statement (no password
 * hashing, no hooks: about a second for 1,650 rows), for the console's integration tests and
 * its journey. `prefix` (lower-case letters and digits) names everything it makes, so
 * `removeConsoleScale` finds it again. The accounts cannot sign in. Household n's invoice of
 * month m is due on the 5th, with the status `scaleHousehold(prefix, n).status(m)` and one line
 * per child; newer months were made later, so the newest first order is month by month.
 */
export async function seedConsoleScale(db: Sql, prefix: string): Promise<number[]> {
  if (!/^[a-z0-9]+$/.test(prefix)) throw new Error(`prefix must be lower-case letters and digits: ${prefix}`)
  const { rows } = await db.query(
    `WITH households AS (
       SELECT g, $1 || '-' || lpad(g::text, 3, '0') AS tag FROM generate_series(1, $2::int) AS g
     ), new_users AS (
       INSERT INTO users (full_name, email, username, is_active, is_admin)
       SELECT 'Hollis ' || tag, tag || '@example.com', tag, true, false FROM households ORDER BY g
       RETURNING id, username, full_name, email
     ), numbered AS (
       SELECT u.*, h.g FROM new_users AS u JOIN households AS h ON h.tag = u.username
     ), new_students AS (
       INSERT INTO students (user_id, full_name, date_of_birth, experience_level)
       SELECT n.id, (ARRAY['Odette', 'Clara'])[k] || ' ' || n.username, '2018-05-01', 'Beginner'
       FROM numbered AS n, generate_series(1, 2) AS k
       RETURNING id
     ), new_invoices AS (
       INSERT INTO invoices (user_id, payer_name, payer_email, amount_cents, description, status, due_date, kind, created_at, updated_at)
       SELECT n.id, n.full_name, n.email, 9000 + n.g * 10, 'Tuition ' || m.month || ' for ' || n.full_name,
              ((ARRAY['pending', 'paid', 'overdue', 'cancelled'])[1 + (n.g + m.i - 1) % 4])::enum_invoices_status,
              (m.month || '-05T00:00:00Z')::timestamptz, 'manual',
              now() - make_interval(secs => (9 - m.i) * 1000 + ($2::int - n.g)), now()
       FROM numbered AS n, unnest($3::text[]) WITH ORDINALITY AS m(month, i)
       RETURNING id, user_id, amount_cents, description
     ), new_lines AS (
       INSERT INTO invoices_lines (_order, _parent_id, id, kind, description, student_name, amount_cents)
       SELECT k, i.id, 'scale-' || i.id || '-' || k, 'manual', 'Ballet, ' || split_part(i.description, ' ', 2),
              (ARRAY['Odette', 'Clara'])[k] || ' ' || u.username, (i.amount_cents / 2)::int
       FROM new_invoices AS i JOIN new_users AS u ON u.id = i.user_id, generate_series(1, 2) AS k
       RETURNING _parent_id
     )
     SELECT id FROM new_users ORDER BY id`,
    [prefix, CONSOLE_SCALE.households, CONSOLE_SCALE.months],
  )
  return rows.map((row) => Number(row.id))
}

/**
 * Deletes what `seedConsoleScale(db, prefix)` made, and what the journey's tuition run added to
 * it: the accounts' message copies (an issued invoice is a notice, decisions §27), invoices (and
 * their lines), students, accounts.
 */
export async function removeConsoleScale(db: Sql, prefix: string): Promise<void> {
  const accounts = `SELECT id FROM users WHERE username LIKE $1 || '-%'`
  await db.query(`DELETE FROM message_recipients WHERE user_id IN (${accounts})`, [prefix])
  await db.query(`DELETE FROM invoices WHERE user_id IN (${accounts})`, [prefix])
  await db.query(`DELETE FROM students WHERE user_id IN (${accounts})`, [prefix])
  await db.query(`DELETE FROM users WHERE username LIKE $1 || '-%'`, [prefix])
}
