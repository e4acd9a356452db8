/**
 * The waitlist's clock: offers are held for a number of hours and expire by it. Tests move it
 * (setWaitlistClock) to let an offer run out without waiting; everything else reads real time.
 */
let clock: (() => Date) | null = null

export function waitlistNow(): Date {
  return clock ? clock() : new Date()
}

/** Replaces the clock (tests); `null` returns to real time. */
export function setWaitlistClock(next: (() => Date) | null): void {
  clock = next
}
