/**
 * At most `limit` tasks at once, the rest waiting in line (first come, first served); a line
 * longer than `maxQueue`, or a wait longer than `maxWaitMs`, is refused rather than growing.
 * Password hashing (PBKDF2, a few hundred ms of CPU each) goes through one of these, so a
 * flood of logins queues instead of taking every core from the rest of the site.
 */
export class GateFullError extends Error {}

export class ConcurrencyGate {
  private running = 0
  private readonly waiting: Array<{ start: () => void; timer: NodeJS.Timeout }> = []

  /**
   * `maxHoldMs`: how long one task keeps its place. A task still running then (a handler stuck on
   * something it should not wait for) gives its place to the next in line, so one hung request
   * slows the line by that long at most instead of refusing everyone after it.
   */
  constructor(
    private readonly limit: number,
    private readonly maxQueue: number,
    private readonly maxWaitMs: number,
    private readonly maxHoldMs = Number.POSITIVE_INFINITY,
  ) {}

  get active(): number {
    return this.running
  }

  get queued(): number {
    return this.waiting.length
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.enter()
    let held = true
    const release = () => {
      if (!held) return
      held = false
      this.leave()
    }
    const lease = Number.isFinite(this.maxHoldMs) ? setTimeout(release, this.maxHoldMs) : undefined
    try {
      return await task()
    } finally {
      clearTimeout(lease)
      release()
    }
  }

  private enter(): Promise<void> {
    if (this.running < this.limit) {
      this.running++
      return Promise.resolve()
    }
    if (this.waiting.length >= this.maxQueue) return Promise.reject(new GateFullError('The line is full.'))
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(entry.timer)
          this.running++
          resolve()
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(entry)
          if (at !== -1) this.waiting.splice(at, 1)
          reject(new GateFullError('Waited too long.'))
        }, this.maxWaitMs),
      }
      this.waiting.push(entry)
    })
  }

  private leave(): void {
    this.running--
    this.waiting.shift()?.start()
  }
}
