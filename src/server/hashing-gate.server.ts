/**
 * A password hash costs a few hundred milliseconds of CPU (PBKDF2, 600,000 iterations) and runs
 * on libuv's small thread pool, which file reads and DNS share. Requests that hash (logins,
 * registration, password change and reset) pass this gate: at most `concurrency` run at once,
 * up to `queue` more wait their turn, and the rest are refused at once, so a flood of logins
 * costs a bounded share of the machine and the rest of the site keeps answering.
 */
export type HashingGate = {
  /** Runs `work` when a slot is free; `null` when the queue is full (the caller answers 503). */
  run<T>(work: () => Promise<T>): Promise<T | null>
  readonly active: number
  readonly waiting: number
}

export const HASHING_BUSY_MESSAGE = 'Too many sign-ins are being processed right now. Please try again in a few seconds.'

export function createHashingGate({ concurrency, queue }: { concurrency: number; queue: number }): HashingGate {
  let active = 0
  const waiters: Array<() => void> = []

  async function run<T>(work: () => Promise<T>): Promise<T | null> {
    if (active >= concurrency) {
      if (waiters.length >= queue) return null
      await new Promise<void>((resolve) => waiters.push(resolve))
    } else {
      active++
    }
    try {
      return await work()
    } finally {
      // The slot passes straight to the next waiter, or is freed.
      const next = waiters.shift()
      if (next) next()
      else active--
    }
  }

  return {
    run,
    get active() {
      return active
    },
    get waiting() {
      return waiters.length
    },
  }
}

/** The requests that hash a password, whichever door they come through. */
const HASHING_PATHS = new Set([
  '/api/login',
  '/api/register',
  '/api/user/password',
  '/api/reset-password',
  '/cms-api/users/login',
  '/cms-api/users/first-register',
  '/cms-api/users/reset-password',
])

export function hashesPassword(method: string | undefined, pathname: string): boolean {
  if (method !== 'POST' && method !== 'PATCH') return false
  return HASHING_PATHS.has(pathname.endsWith('/') && pathname.length > 1 ? pathname.slice(0, -1) : pathname)
}
