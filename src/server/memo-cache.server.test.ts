import { describe, expect, it } from 'vitest'

import { cacheGeneration, createMemoCache } from './memo-cache.server'

describe('a memo cache whose value holds for a span of time', () => {
  it('keeps the value inside its span and drops it, moving its generation, outside', async () => {
    let now = 1_000
    let loads = 0
    const cache = createMemoCache<{ from: number; until: number }>('test.lapsing', {
      validity: (value) => value,
      now: () => now,
    })
    const load = async () => ({ from: now, until: now + 500, n: ++loads })
    await cache.get(load)
    const generation = cacheGeneration('test.lapsing')
    now = 1_499
    await cache.get(load)
    expect([loads, cacheGeneration('test.lapsing')]).toEqual([1, generation])

    now = 1_500
    expect(cacheGeneration('test.lapsing')).toBe(generation + 1)
    await cache.get(load)
    expect(loads).toBe(2)

    // A clock read before the value was made does not get it either.
    now = 1_400
    await cache.get(load)
    expect(loads).toBe(3)
  })

  it('never lapses a value that declares no span', async () => {
    let loads = 0
    const cache = createMemoCache('test.steady')
    await cache.get(async () => ++loads)
    const generation = cacheGeneration('test.steady')
    await cache.get(async () => ++loads)
    expect([loads, cacheGeneration('test.steady')]).toEqual([1, generation])
  })
})
