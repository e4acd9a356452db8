/**
 * The readiness check behind GET /readyz: the database answers a query within a bound, and
 * every committed migration is recorded as applied. A load balancer sends traffic only to a
 * process for which this holds.
 */
type Queryable = { query(sql: string): Promise<{ rows: Array<Record<string, unknown>> }> }

export const READINESS_TIMEOUT_MS = 2000

export function createReadinessCheck(getPool: () => Queryable | undefined, migrationNames: readonly string[], timeoutMs = READINESS_TIMEOUT_MS) {
  // Applied migrations are not unapplied under a running process: once all are seen, only the
  // database's answer is checked again.
  let migrationsApplied = false
  // Probes arriving together share one round trip.
  let pending: Promise<boolean> | null = null

  async function probe(): Promise<boolean> {
    const pool = getPool()
    if (!pool) return false
    if (migrationsApplied) {
      await pool.query('SELECT 1')
      return true
    }
    const { rows } = await pool.query('SELECT name FROM payload_migrations')
    const applied = new Set(rows.map((row) => String(row.name)))
    migrationsApplied = migrationNames.every((name) => applied.has(name))
    return migrationsApplied
  }

  return function isReady(): Promise<boolean> {
    if (pending) return pending
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs)
      timer.unref()
    })
    pending = Promise.race([probe().catch(() => false), timeout]).finally(() => {
      clearTimeout(timer)
      pending = null
    })
    return pending
  }
}
