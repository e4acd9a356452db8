import http from 'node:http'
import net from 'node:net'

import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'

import { adminQuery, databaseUrl, uniqueName } from '#tests/support/postgres'
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '#tests/support/server-process'

/** SIGTERM (a deploy, a scale-in): stop accepting, finish what is in flight, exit cleanly. */
const ORIGIN = 'http://academy.test'
let database = ''
let server: ServerProcess

beforeAll(async () => {
  database = uniqueName('academy_stop')
  await adminQuery(inject('pgServer'), `CREATE DATABASE ${database} TEMPLATE ${inject('pgTemplate')}`)
  server = await startServerProcess({
    DATABASE_URL: databaseUrl(inject('pgServer'), database),
    PAYLOAD_SECRET: 'shutdown-test-secret-long-enough-for-the-check',
    PUBLIC_ORIGIN: ORIGIN,
    SEED_DEMO_DATA: 'false',
  })
}, 120_000)

afterAll(async () => {
  await stopAllServerProcesses()
  await adminQuery(inject('pgServer'), `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {})
})

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(false)))
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })
}

describe('graceful shutdown', () => {
  it('finishes a request in flight, refuses new connections, and exits 0', async () => {
    const { port } = new URL(server.url)
    const body = JSON.stringify({ name: 'Slow Sender', email: 'slow@example.com', subject: 'Other', message: 'Sent in two parts across a SIGTERM.' })
    const half = Math.floor(body.length / 2)

    let answered: (value: { status: number; text: string }) => void = () => {}
    const answer = new Promise<{ status: number; text: string }>((resolve) => (answered = resolve))
    // Kept alive with no idle timeout of the client's own: only the server may close it.
    const agent = new http.Agent({ keepAlive: true })
    const req = http.request(`${server.url}/api/inquiries`, {
      agent,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), origin: ORIGIN },
    })
    req.on('response', (res) => {
      let text = ''
      res.on('data', (chunk) => (text += chunk))
      res.on('end', () => answered({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', (error) => answered({ status: -1, text: String(error) }))
    req.write(body.slice(0, half))
    // The server has the request once its socket is connected and the first part is flushed.
    await new Promise<void>((resolve) => req.once('socket', (socket) => socket.once('connect', () => resolve())))
    await new Promise((resolve) => setTimeout(resolve, 300))

    // A kept-alive connection that has been answered and sits idle must not hold the drain up.
    const idle = net.connect(Number(port), '127.0.0.1')
    await new Promise<void>((resolve) => idle.once('connect', () => resolve()))
    idle.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)
    await new Promise((resolve) => idle.once('data', resolve))
    const idleClosed = new Promise((resolve) => idle.once('close', resolve))

    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)))
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')

    // The listener closes: a new connection is refused while the first request is still open.
    const deadline = Date.now() + 5000
    while (!(await connectionRefused(Number(port)))) {
      expect(Date.now()).toBeLessThan(deadline)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(server.child.exitCode).toBeNull()

    req.end(body.slice(half))
    const res = await answer
    const answeredAt = Date.now()
    expect(res.status).toBe(201)

    expect(await exited).toBe(0)
    await idleClosed
    expect(Date.now() - signalledAt).toBeLessThan(15_000)
    // Once the last answer is out the process ends, not at the drain's 10 s bound.
    expect(Date.now() - answeredAt).toBeLessThan(3_000)
  }, 30_000)
})
