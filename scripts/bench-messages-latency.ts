/**
 * The site's latency while a message's copies drain (issue 25), for `npm run bench -- messages`.
 * The production server runs in a process of its own on the bench's scratch database (the one
 * ./bench-messages.ts seeded, with its SMTP listener); autocannon, in the bench's process, loads
 * a visitor's class list and the landing page for a while on a quiet server, then again
 * right after an administrator sent an announcement to the 2,000 guardians through the server,
 * which drains the queue itself while it serves.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'

import { freePort, startServerProcess } from '#tests/support/server-process'

import { DURATION, load, type Load } from './bench-limit'

type Account = { username: string; password: string }
type Options = { databaseUrl: string; secret: string; smtpUrl: string; admin: Account; family: Account; classId: number; sentSoFar: () => number }

const root = path.resolve(import.meta.dirname, '..')

async function signIn(url: string, account: Account): Promise<string> {
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify(account) })
  if (!res.ok) throw new Error(`signing in ${account.username} answered ${res.status}`)
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

const figure = (l: Load) => `${l.p50} / ${l.p99} ms, ${l.rps.toLocaleString('en-US')} req/s${l.errors + l.non2xx ? ` (${l.errors + l.non2xx} not 200)` : ''}`

export async function latencyWhileDraining(options: Options): Promise<string[]> {
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' })
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const server = await startServerProcess({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    PAYLOAD_SECRET: options.secret,
    PUBLIC_ORIGIN: url,
    SEED_DEMO_DATA: 'false',
    SMTP_URL: options.smtpUrl,
    MAIL_FROM: 'Academy <academy@example.com>',
    ACADEMY_DATA_DIR: '.data/bench-messages-server',
  })
  try {
    const adminCookie = await signIn(url, options.admin)
    const familyCookie = await signIn(url, options.family)
    const reads: Array<{ name: string; target: string; headers: Record<string, string> }> = [
      { name: 'GET /api/classes (visitor)', target: `${url}/api/classes`, headers: {} },
      { name: 'GET / (visitor page)', target: `${url}/`, headers: { 'accept-encoding': 'br' } },
      // As a browser sends it: the session cookie counts only with a same-site fetch or an allowed Origin (CSRF rule).
      { name: 'GET /api/students (a signed-in family)', target: `${url}/api/students`, headers: { cookie: familyCookie, 'sec-fetch-site': 'same-origin' } },
    ]
    for (const read of reads) {
      const probe = await fetch(read.target, { headers: read.headers })
      if (probe.status !== 200) throw new Error(`${read.name} answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`)
    }
    const quiet: Load[] = []
    for (const read of reads) quiet.push(await load(read.target, read.headers))

    const before = options.sentSoFar()
    const sent = await fetch(`${url}/api/admin/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie: adminCookie },
      body: JSON.stringify({
        subject: 'Bench announcement while serving',
        body: 'Rehearsal moves to Saturday.',
        category: 'announcements',
        audience: { kind: 'classes', classIds: [options.classId] },
      }),
    })
    if (!sent.ok) throw new Error(`sending answered ${sent.status}: ${await sent.text()}`)
    const draining: Load[] = []
    for (const read of reads) draining.push(await load(read.target, read.headers))
    const mailedMeanwhile = options.sentSoFar() - before

    return [
      `- The site while the server drained the queue (the server in its own process, autocannon at 50 connections for ${DURATION} s per read in the bench's process; ${mailedMeanwhile} mails went out during the ${reads.length * DURATION} s measured):`,
      '',
      '| read | quiet: p50 / p99, throughput | draining: p50 / p99, throughput |',
      '|---|---|---|',
      ...reads.map((read, i) => `| ${read.name} | ${figure(quiet[i]!)} | ${figure(draining[i]!)} |`),
    ]
  } finally {
    await server.stop()
  }
}
