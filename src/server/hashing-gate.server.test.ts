import { describe, expect, it } from 'vitest'

import { createHashingGate, hashesPassword } from './hashing-gate.server'

describe('createHashingGate', () => {
  it('runs at most `concurrency` at once, queues up to `queue`, refuses the rest', async () => {
    const gate = createHashingGate({ concurrency: 2, queue: 1 })
    const releases: Array<() => void> = []
    let running = 0
    let peak = 0
    const work = () =>
      new Promise<string>((resolve) => {
        running++
        peak = Math.max(peak, running)
        releases.push(() => {
          running--
          resolve('done')
        })
      })
    const first = gate.run(work)
    const second = gate.run(work)
    const third = gate.run(work)
    expect(await gate.run(work)).toBeNull()
    expect([gate.active, gate.waiting]).toEqual([2, 1])
    releases.shift()!()
    expect(await first).toBe('done')
    // The queued one got the freed slot.
    await new Promise((resolve) => setImmediate(resolve))
    expect([gate.active, gate.waiting, releases.length]).toEqual([2, 0, 2])
    releases.shift()!()
    releases.shift()!()
    expect(await Promise.all([second, third])).toEqual(['done', 'done'])
    expect([gate.active, gate.waiting, peak]).toEqual([0, 0, 2])
  })

  it('frees the slot when the work fails', async () => {
    const gate = createHashingGate({ concurrency: 1, queue: 0 })
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await gate.run(async () => 'again')).toBe('again')
  })
})

describe('hashesPassword', () => {
  it('knows the requests that hash a password, through every door', () => {
    expect(hashesPassword('POST', '/api/login')).toBe(true)
    expect(hashesPassword('POST', '/cms-api/users/login/')).toBe(true)
    expect(hashesPassword('PATCH', '/api/user/password')).toBe(true)
    expect(hashesPassword('GET', '/api/login')).toBe(false)
    expect(hashesPassword('POST', '/api/logout')).toBe(false)
    expect(hashesPassword('POST', '/api/classes')).toBe(false)
  })
})
