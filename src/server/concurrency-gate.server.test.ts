import { describe, expect, it } from 'vitest'

import { ConcurrencyGate, GateFullError } from './concurrency-gate.server'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('ConcurrencyGate', () => {
  it('runs at most `limit` tasks at once and the rest in arrival order', async () => {
    const gate = new ConcurrencyGate(2, 10, 10_000)
    const order: number[] = []
    const blockers = [deferred(), deferred(), deferred(), deferred()]
    const runs = blockers.map((blocker, i) =>
      gate.run(async () => {
        order.push(i)
        await blocker.promise
      }),
    )
    await Promise.resolve()
    expect(gate.active).toBe(2)
    expect(gate.queued).toBe(2)
    expect(order).toEqual([0, 1])
    blockers[1]!.resolve()
    await runs[1]
    await Promise.resolve()
    expect(order).toEqual([0, 1, 2])
    for (const blocker of blockers) blocker.resolve()
    await Promise.all(runs)
    expect(order).toEqual([0, 1, 2, 3])
    expect([gate.active, gate.queued]).toEqual([0, 0])
  })

  it('refuses when the line is full, and frees the slot of a task that failed', async () => {
    const gate = new ConcurrencyGate(1, 1, 10_000)
    const blocker = deferred()
    const first = gate.run(() => blocker.promise)
    const second = gate.run(async () => 'second')
    await expect(gate.run(async () => 'third')).rejects.toBeInstanceOf(GateFullError)
    blocker.resolve()
    await first
    expect(await second).toBe('second')
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await gate.run(async () => 'after a failure')).toBe('after a failure')
  })

  it('gives up on a wait longer than allowed, without losing its place to a later task', async () => {
    const gate = new ConcurrencyGate(1, 5, 20)
    const blocker = deferred()
    const first = gate.run(() => blocker.promise)
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(GateFullError)
    expect(gate.queued).toBe(0)
    blocker.resolve()
    await first
    expect(gate.active).toBe(0)
  })

  it('gives a task’s place to the next in line once it has held it past maxHoldMs, and frees it once', async () => {
    const gate = new ConcurrencyGate(1, 5, 1_000, 20)
    const stuck = deferred()
    const first = gate.run(() => stuck.promise)
    // Without the hold limit this one would wait for the stuck task and give up at 1 s.
    expect(await gate.run(async () => 'served')).toBe('served')
    expect(gate.active).toBe(0)
    stuck.resolve()
    await first
    // The stuck task's own end does not free a second place: the limit still holds.
    const blocker = deferred()
    const next = gate.run(() => blocker.promise)
    const after = gate.run(async () => 'after')
    expect([gate.active, gate.queued]).toEqual([1, 1])
    blocker.resolve()
    await Promise.all([next, after])
    expect([gate.active, gate.queued]).toEqual([0, 0])
  })
})
