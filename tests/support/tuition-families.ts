/** Anything that runs SQL with parameters (a pg Client or Pool). */
type Sql = { query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> }

/**
 * `families` family accounts with `studentsPerFamily` students each, every student enrolled in
 * one of `classIds` from `enrollmentDate`: written in three set-based statements (no password
 * hashing, no hooks), for the billing calendar's tests and `npm run bench`. The accounts cannot
 * sign in. Returns the new accounts' ids.
 */
export async function seedTuitionFamilies(
  db: Sql,
  options: { prefix: string; families: number; studentsPerFamily: number; classIds: number[]; enrollmentDate: string },
): Promise<number[]> {
  const { rows } = await db.query(
    `WITH new_users AS (
       INSERT INTO users (full_name, email, username, is_active, is_admin)
       SELECT 'Family ' || $1 || ' ' || g, $1 || '-' || g || '@example.com', $1 || '-' || g, true, false
       FROM generate_series(1, $2::int) AS g
       RETURNING id
     ), new_students AS (
       INSERT INTO students (user_id, full_name, date_of_birth, experience_level)
       SELECT u.id, 'Student ' || u.id || '-' || k, '2018-05-01', 'Beginner'
       FROM new_users AS u, generate_series(1, $3::int) AS k
       RETURNING id
     ), new_enrollments AS (
       INSERT INTO enrollments (student_id, class_id, enrollment_date)
       SELECT s.id, ($4::int[])[1 + s.id % cardinality($4::int[])], $5::timestamptz
       FROM new_students AS s
       RETURNING id
     )
     SELECT id FROM new_users ORDER BY id`,
    [options.prefix, options.families, options.studentsPerFamily, options.classIds, options.enrollmentDate],
  )
  return rows.map((row) => Number(row.id))
}
