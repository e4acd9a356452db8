/**
 * The machine's limit for `npm run bench` (./bench-limit.ts): a bare `node:http` server, in a
 * process of its own as the app is, answering every request with the bytes the app sent for
 * one call (status, headers and body, read as JSON from stdin). It prints its port and serves
 * until it is told to stop (SIGTERM). It keeps a tick object as the app does (ADR 022): without
 * it, a full collection between two runs would lower the limit itself by about a third.
 */
import '#server/tick-shape.server'

import http from 'node:http'
import type { AddressInfo } from 'node:net'

type Answer = { status: number; headers: Array<[string, string]>; body: string }

const chunks: Buffer[] = []
for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer
const body = Buffer.from(answer.body, 'base64')
// A flat [name, value, …] list: repeated headers (Set-Cookie) stay as they were sent.
const headers = answer.headers.flat()

const server = http.createServer((_req, res) => {
  res.writeHead(answer.status, headers)
  res.end(body)
})
server.keepAliveTimeout = 65_000
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
