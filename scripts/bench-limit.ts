/**
 * Calls measured against the machine's limit, for `npm run bench` (issue 22). For each call the
 * app's answer is read once, then a bare `node:http` server sending those same bytes (status,
 * headers, body) is started in a process of its own (./bench-bare-server.ts) and sent the requests
 * the app answered before the measurements (its pages), so that both have seen the same requests.
 * Autocannon runs in this process, apart from both servers, at 50 connections.
 *
 * A 2-core virtual machine is not steady: the same bare server, run twice a minute apart, has
 * served 66,000 and 160,000 requests in 5 s with the same CPU time (the host moves its virtual
 * cores). So the two are measured in ROUNDS alternating pairs (the bare server, then the app,
 * each warmed for a second first, then RUN_SECONDS each); a pair shares the machine's state of
 * that moment, and the figure is the median of the pairs' ratios, printed with their range. The
 * load average (`uptime`) is printed before and after.
 */
import { spawn } from 'node:child_process'
import http from 'node:http'
import { loadavg } from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'

const root = path.resolve(import.meta.dirname, '..')
export const CONNECTIONS = 50
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
/** Alternating pairs per call, and each run's length in them. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
export const RUN_SECONDS = Number(process.env.BENCH_RUN_SECONDS ?? 3)

export type Load = { rps: number; p50: number; p99: number; errors: number; non2xx: number }

/** `url` may be several servers: autocannon spreads the connections over them in turn. */
export async function load(url: string | string[], headers: Record<string, string> = {}, duration = DURATION): Promise<Load> {
  // autocannon takes a list of urls (connection i goes to url i mod n); its types know one only.
  const result = await autocannon({ url: url as string, connections: CONNECTIONS, duration, headers })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

type Answer = { status: number; headers: Array<[string, string]>; body: Buffer }
/** Headers Node writes itself on every answer: the bare server's own are the same bytes. */
const NODE_OWN = new Set(['date', 'connection', 'keep-alive'])

/** The raw answer to one GET: what the bare server then sends. */
function capture(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const pairs: Array<[string, string]> = []
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!
            if (!NODE_OWN.has(name.toLowerCase())) pairs.push([name, res.rawHeaders[i + 1]!])
          }
          resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) })
        })
      })
      .on('error', reject)
  })
}

async function startBareServer(answer: Answer): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench-bare-server.ts')], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  child.stdin.end(JSON.stringify({ status: answer.status, headers: answer.headers, body: answer.body.toString('base64') }))
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', () => reject(new Error('the bare server exited before it listened')))
    child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()))
  })
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit')
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')

/** The pair whose ratio is the median, and the range of all pairs' ratios. */
export type VersusLimit = { name: string; app: Load; limit: Load; ratio: number; ratios: number[]; loadBefore: string; loadAfter: string }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** A request a server in service has answered before the measurements (a page, as a visitor or a family). */
export type Earlier = { path: string; headers: Record<string, string> }

/** Sends `server` (the app, or a bare server) the requests of `earlier`, one after another, reading each answer whole. */
export async function answerEarlier(server: string, earlier: Earlier[]): Promise<void> {
  for (const { path: pathname, headers } of earlier) {
    const res = await fetch(new URL(pathname, server), { headers })
    if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status} before the measurements`)
    await res.arrayBuffer()
  }
}

/**
 * The bare server with the app's bytes and the app, in alternating pairs (see the top of this
 * file). The bare server is first sent the `earlier` requests the app has answered (answering
 * each with its one answer), so both have parsed the same kinds of request before they are
 * measured: Node's HTTP code runs slower once it has seen more than one shape of request.
 */
export async function versusLimit(name: string, url: string, headers: Record<string, string> = {}, earlier: Earlier[] = []): Promise<VersusLimit> {
  const answer = await capture(url, headers)
  if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}`)
  const loadBefore = loadAverage()
  const bare = await startBareServer(answer)
  const pairs: Array<{ app: Load; limit: Load; ratio: number }> = []
  try {
    await answerEarlier(bare.url, earlier)
    for (let round = 0; round < ROUNDS; round++) {
      await load(bare.url, headers, 1)
      const limit = await load(bare.url, headers, RUN_SECONDS)
      await load(url, headers, 1)
      const app = await load(url, headers, RUN_SECONDS)
      pairs.push({ app, limit, ratio: app.rps / limit.rps })
    }
  } finally {
    await bare.stop()
  }
  const ratios = pairs.map((pair) => pair.ratio)
  const middleRatio = median(ratios)
  const middle = pairs.find((pair) => pair.ratio === middleRatio)!
  return { name, ...middle, ratios, loadBefore, loadAfter: loadAverage() }
}

/** Targets of issue 22: the share of the limit, and for some calls a p99 bound. */
export type Target = { ratio: number; p99?: number }

export function versusLimitTable(results: Array<VersusLimit & { target?: Target }>): string[] {
  const lines = [
    `Each call: ${ROUNDS} alternating pairs of ${RUN_SECONDS} s runs (the bare server, then the app); the pair with the median ratio is shown, with the range of all pairs' ratios.`,
    '',
    '| call | app req/s | app p50 / p99 ms | limit req/s (bare node:http, same bytes) | share of the limit (median) | range of the pairs | target | load average (1/5/15 min) before → after |',
    '|---|---|---|---|---|---|---|---|',
  ]
  for (const r of results) {
    const failures = r.app.errors + r.app.non2xx
    const met = r.target && r.ratio >= r.target.ratio && (r.target.p99 === undefined || r.app.p99 < r.target.p99) && failures === 0
    const target = r.target ? `≥ ${r.target.ratio}${r.target.p99 ? `, p99 < ${r.target.p99} ms` : ''}: ${met ? 'met' : 'MISSED'}` : ''
    const range = `${Math.min(...r.ratios).toFixed(2)}–${Math.max(...r.ratios).toFixed(2)}`
    lines.push(
      `| ${r.name} | ${r.app.rps.toLocaleString('en-US')}${failures ? ` (${failures} errors)` : ''} | ${r.app.p50} / ${r.app.p99} | ${r.limit.rps.toLocaleString('en-US')} | ${r.ratio.toFixed(2)} | ${range} | ${target} | ${r.loadBefore} → ${r.loadAfter} |`,
    )
  }
  return lines
}
