import type { Endpoint, PayloadHandler } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CONTRACT_PREFIX } from '#server/contract-prefix.server'
import { startTestApp, type TestApp } from '#tests/support/app'
import { addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * One answer in the making per account and read (src/server/answer-flights.server.ts, ADR 021):
 * when a family's kept read has lapsed, its browser's requests arriving together are answered
 * by one trip through Payload, never with an answer made before a write they came after. The
 * trips are counted, and held when asked, by wrapping GET /api/students's handler.
 */
let app: TestApp
let handled = 0
/** While set, an answer made by the handler waits for it before it is sent. */
let hold: Promise<void> | null = null

function wrapStudentReads(): void {
  const endpoint = (app.payload.config.endpoints as Endpoint[]).find((e) => e.method === 'get' && e.path === `${CONTRACT_PREFIX}/students`)
  if (!endpoint) throw new Error('no GET /students')
  const handler: PayloadHandler = endpoint.handler
  endpoint.handler = async (req) => {
    handled++
    const response = await handler(req)
    await hold
    return response
  }
}

/** How many signed-in reads the router has confirmed from memory (the session reader of src/server/signed-in-read-cache.server.ts). */
let confirmed = 0

function countConfirmations(): void {
  type Registry = { sessionReader: ((headers: unknown) => Promise<number | null>) | null }
  // The registry lives on globalThis under this key, shared by every bundle of the router.
  const registry = (globalThis as unknown as Record<symbol, Registry>)[Symbol.for('academy.signed-in-reads')]!
  const reader = registry.sessionReader!
  registry.sessionReader = async (headers) => {
    const account = await reader(headers)
    confirmed++
    return account
  }
}

beforeAll(async () => {
  app = await startTestApp()
  wrapStudentReads()
  countConfirmations()
}, 120_000)

afterAll(async () => {
  await app?.close()
})

const names = async (family: Family) => {
  const answer = await family.client.get<{ fullName: string }[]>('/api/students')
  expect(answer.status).toBe(200)
  return answer.body.map((student) => student.fullName).sort()
}

/** Resolves once `counter()` has grown by `count` from `from`. */
async function grown(counter: () => number, from: number, count: number): Promise<void> {
  while (counter() < from + count) await new Promise((resolve) => setTimeout(resolve, 5))
}

/**
 * Sends one read whose answer is made and then held, and once it is in the handler, `others`
 * more reads; resolves when those are confirmed as the account (so they find the first one in the
 * making). `release()` lets the held answer go.
 */
async function firstHeldThenOthers(family: Family, others: number) {
  let release!: () => void
  hold = new Promise<void>((resolve) => {
    release = resolve
  })
  const before = handled
  const first = names(family)
  await grown(() => handled, before, 1)
  const arrived = confirmed
  const rest = Array.from({ length: others }, () => names(family))
  await grown(() => confirmed, arrived, others)
  return {
    before,
    first,
    rest: Promise.all(rest),
    release: () => {
      hold = null
      release()
    },
  }
}

/** A family with two children whose kept read of them was dropped by adding the second. */
async function familyWithLapsedRead(label: string, firstChild: string, secondChild: string): Promise<Family> {
  const family = await createFamily(app, label)
  await addStudent(app, family.userId, firstChild)
  await names(family)
  await addStudent(app, family.userId, secondChild)
  return family
}

describe("a lapsed read asked for by a family's requests together", () => {
  it('goes through Payload once and gives every request the same answer', async () => {
    // A write dropped the kept answer: the next twenty arrive together.
    const family = await familyWithLapsedRead('flight_once', 'Once Child', 'Twice Child')
    // The others arrive, are confirmed, and find the first one's answer in the making.
    const { before, first, rest, release } = await firstHeldThenOthers(family, 19)
    await new Promise((resolve) => setImmediate(resolve))
    release()
    for (const answer of [await first, ...(await rest)]) expect(answer).toEqual(['Once Child', 'Twice Child'])
    expect(handled, 'one trip through Payload').toBe(before + 1)
  })

  it('never gives a request the answer of one made before a write it came after', async () => {
    const family = await familyWithLapsedRead('flight_write', 'Before Child', 'Drop Child')
    // The first request's answer is made and held; the next two wait for it.
    const { before, first, rest, release } = await firstHeldThenOthers(family, 2)
    // A write completes while the first answer is in the making: it cannot be the others' answer.
    await addStudent(app, family.userId, 'After Child')
    release()
    expect(await first).toEqual(['Before Child', 'Drop Child'])
    for (const answer of await rest) expect(answer).toEqual(['After Child', 'Before Child', 'Drop Child'])
    expect(handled, 'the waiters went through Payload themselves').toBe(before + 3)
  })

  it('shares an answer only within one account', async () => {
    const [ana, ben] = await Promise.all([createFamily(app, 'flight_ana'), createFamily(app, 'flight_ben')])
    await addStudent(app, ana.userId, 'Ana Flight')
    await addStudent(app, ben.userId, 'Ben Flight')
    await Promise.all([names(ana), names(ben)])
    await addStudent(app, ana.userId, 'Ana Second')
    const before = handled
    const [forAna, forBen] = await Promise.all([Promise.all([names(ana), names(ana)]), Promise.all([names(ben), names(ben)])])
    expect(forAna).toEqual([
      ['Ana Flight', 'Ana Second'],
      ['Ana Flight', 'Ana Second'],
    ])
    expect(forBen).toEqual([['Ben Flight'], ['Ben Flight']])
    expect(handled, 'one trip per account').toBe(before + 2)
  })
})
