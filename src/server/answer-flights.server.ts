/**
 * One answer in the making per key (ADR 021). When a kept signed-in read has lapsed (its time
 * limit, or a write dropped it), every connection of the family's browser asks again at once;
 * without this, each one would build the same answer through Payload, side by side, and a
 * costly read (the statement) would keep the core busy for a second. The first request makes
 * the answer; the others with the same key and the same records generation wait for it.
 *
 * A waiter is given the answer only when it was kept, that is when no write completed from the
 * moment the first request began until its answer was made: the waiter arrived inside that
 * span, so the answer is as current as one it would have made itself. Otherwise (nothing kept,
 * an error, or no answer within FLIGHT_WAIT_MS) it goes the normal way.
 */
import type { KeptAnswer } from './public-read-cache.server'

/** How long a request waits for another's answer before making its own. */
export const FLIGHT_WAIT_MS = 5_000

type Flight = { generation: number; answer: Promise<KeptAnswer | null>; settle(answer: KeptAnswer | null): void }

export type FlightHandle = {
  /** The answer as it was kept (null when it was not): releases the waiters. Idempotent. */
  settle(answer: KeptAnswer | null): void
}

export function createAnswerFlights() {
  const flights = new Map<string, Flight>()

  /** The answer of the flight under way for `key` at `generation`, if one is and it ends with a kept answer in time. */
  async function join(key: string, generation: number): Promise<KeptAnswer | null> {
    const flight = flights.get(key)
    if (!flight || flight.generation !== generation) return null
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), FLIGHT_WAIT_MS)
    })
    try {
      return await Promise.race([flight.answer, late])
    } finally {
      clearTimeout(timer)
    }
  }

  /** Starts the flight of `key`, unless one at this generation is already under way (then null: this request goes alone). */
  function start(key: string, generation: number): FlightHandle | null {
    const current = flights.get(key)
    if (current && current.generation === generation) return null
    let release!: (answer: KeptAnswer | null) => void
    const answer = new Promise<KeptAnswer | null>((resolve) => {
      release = resolve
    })
    let settled = false
    const flight: Flight = {
      generation,
      answer,
      settle(kept) {
        if (settled) return
        settled = true
        if (flights.get(key) === flight) flights.delete(key)
        release(kept)
      },
    }
    flights.set(key, flight)
    return { settle: flight.settle }
  }

  return { join, start, size: () => flights.size }
}
