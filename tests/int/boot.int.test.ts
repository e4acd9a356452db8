import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { ApiClient } from '#tests/support/client'
import { freePort } from '#tests/support/server-process'

const dataDir = path.resolve(`.data/boot-test-${process.pid}`)

type Running = { child: ChildProcess; output: () => string; url: string }
const started: ChildProcess[] = []

/** Starts the production server as `npm start` does, on an embedded database in `dataDir`. */
async function startServer(): Promise<Running> {
  const port = await freePort()
  let output = ''
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), ACADEMY_DATA_DIR: dataDir, ADMIN_PASSWORD: 'boot-admin-pass', NODE_ENV: 'production' }
  delete env.DATABASE_URL
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  started.push(child)
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const deadline = Date.now() + 60_000
  while (!/academy ready/.test(output)) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  // eslint-disable-next-line no-control-regex
  return { child, output: () => output.replace(/\x1b\[[0-9;]*m/g, ''), url: `http://127.0.0.1:${port}` }
}

async function stop(running: Running): Promise<number | null> {
  running.child.kill('SIGTERM')
  return new Promise((resolve) => running.child.once('exit', (code) => resolve(code)))
}

/** Where the server put the embedded database (the data folder, or its fallback when unreachable). */
let databaseDir = path.join(dataDir, 'postgres')

function postgresPid(): number | null {
  try {
    return Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

afterAll(async () => {
  // A failed assertion must not leave a server (and its PostgreSQL) running.
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
  }
  rmSync(dataDir, { recursive: true, force: true })
})

describe('booting the production server on an empty embedded database', () => {
  it('migrates and seeds once, restarts without adding anything, and leaves no PostgreSQL behind', { timeout: 180_000 }, async () => {
    const first = await startServer()
    databaseDir = /creating the embedded PostgreSQL in (\S+)/.exec(first.output())?.[1] ?? databaseDir
    expect(first.output()).toMatch(/Migrated:\s+\w+_initial/)
    expect(first.output()).toMatch(/Created the admin account/)
    expect(first.output()).toMatch(/demo mode/)
    const pid = postgresPid()
    expect(pid).toBeGreaterThan(0)
    // The database and the folder holding it are private: never world-writable (or readable).
    expect(statSync(databaseDir).mode & 0o777).toBe(0o700)
    expect(statSync(path.dirname(databaseDir)).mode & 0o777).toBe(0o700)
    const classesBefore = (await new ApiClient(first.url).get('/api/classes')).body.length
    expect(classesBefore).toBeGreaterThanOrEqual(10)
    await new ApiClient(first.url).login('admin', 'boot-admin-pass')
    expect(await stop(first)).toBe(0)
    expect(isAlive(pid!)).toBe(false)

    const second = await startServer()
    expect(second.output()).not.toMatch(/Migrating:/)
    expect(second.output()).not.toMatch(/Created the/)
    const classesAfter = (await new ApiClient(second.url).get('/api/classes')).body.length
    expect(classesAfter).toBe(classesBefore)
    const secondPid = postgresPid()
    expect(await stop(second)).toBe(0)
    expect(isAlive(secondPid!)).toBe(false)
  })
})
