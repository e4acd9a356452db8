/**
 * The "now" the schemas shared by browser and server compare dates with (a date of birth not in
 * the future, a payment not received after tomorrow). In the browser it is the device's clock, a
 * convenience; on the server src/api/lib/academy-clock.ts installs the academy's clock, so the
 * rule that counts reads the same time as every operation (a test or a replayed day moves both).
 *
 * On globalThis, like the academy's clock: the server's, Astro's and Next's bundles share one.
 */
type Slot = { now: () => Date }
const KEY = Symbol.for('academy.schema-clock')
const slot = ((globalThis as unknown as Record<symbol, Slot | undefined>)[KEY] ??= { now: () => new Date() })

export function schemaNow(): Date {
  return slot.now()
}

/** The server's one call (academy-clock.ts): the shared schemas read `now` from here on. */
export function useClockForSchemas(now: () => Date): void {
  slot.now = now
}
