import { afterEach, describe, expect, it, vi } from 'vitest'

import { createAnswerFlights, FLIGHT_WAIT_MS } from './answer-flights.server'
import type { KeptAnswer } from './public-read-cache.server'

const answer: KeptAnswer = { status: 200, head: ['content-type', 'application/json'], body: Buffer.from('[]') }

afterEach(() => {
  vi.useRealTimers()
})

describe('answer flights', () => {
  it('give the kept answer to who joined, and then forget the flight', async () => {
    const flights = createAnswerFlights()
    const mine = flights.start('a', 1)
    expect(mine).not.toBeNull()
    expect(flights.start('a', 1), 'one flight per key and generation').toBeNull()
    const joined = flights.join('a', 1)
    mine!.settle(answer)
    expect(await joined).toBe(answer)
    expect(flights.size()).toBe(0)
    expect(await flights.join('a', 1), 'nothing under way').toBeNull()
  })

  it('give nothing when the answer was not kept, and settle once', async () => {
    const flights = createAnswerFlights()
    const mine = flights.start('a', 1)!
    const joined = flights.join('a', 1)
    mine.settle(null)
    mine.settle(answer)
    expect(await joined).toBeNull()
  })

  it('are not joined across generations: a newer request goes alone and may start its own', async () => {
    const flights = createAnswerFlights()
    const old = flights.start('a', 1)!
    expect(await flights.join('a', 2)).toBeNull()
    const newer = flights.start('a', 2)!
    // The older flight ending does not end the newer one.
    old.settle(answer)
    const joined = flights.join('a', 2)
    newer.settle(null)
    expect(await joined).toBeNull()
  })

  it('stop waiting after FLIGHT_WAIT_MS', async () => {
    vi.useFakeTimers()
    const flights = createAnswerFlights()
    flights.start('a', 1)
    const joined = flights.join('a', 1)
    await vi.advanceTimersByTimeAsync(FLIGHT_WAIT_MS)
    expect(await joined).toBeNull()
  })
})
