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

  constructor(
    private readonly limit: number,
    private readonly maxQueue: number,
    private readonly maxWaitMs: number,
  ) {}

  get active(): number {
    return this.running
  }

  get queued(): number {
    return this.waiting.length
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.enter()
    try {
      return await task()
    } finally {
      this.leave()
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
