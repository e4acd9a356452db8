import pg from 'pg'

/**
 * Serialises the start-up work that must happen once per database: applying migrations and
 * creating the first records. Replicas started together (a deploy, an autoscaler, a compose file
 * without ordering) would otherwise run the same migration twice at once. The lock is a
 * session-level advisory lock on a connection of its own, so a process that dies while
 * holding it releases it with its connection.
 */
export async function holdStartupLock(databaseUrl: string, log: (message: string) => void): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'academy start-up' })
  // A dropped connection only ends the lock early; the work it guards has its own errors.
  client.on('error', () => {})
  await client.connect()
  try {
    const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended('academy:startup', 0)) AS locked`)
    if (!rows[0]?.locked) {
      log('[server] another process is starting on this database (migrations, first records): waiting for it')
      await client.query(`SELECT pg_advisory_lock(hashtextextended('academy:startup', 0))`)
    }
  } catch (error) {
    await client.end().catch(() => {})
    throw error
  }
  let released = false
  return async () => {
    if (released) return
    released = true
    await client.query(`SELECT pg_advisory_unlock(hashtextextended('academy:startup', 0))`).catch(() => {})
    await client.end().catch(() => {})
  }
}
