/** The login flood of `npm run bench` (issue 3): sign-ins that each cost a full password hash. */

/**
 * `perSecond` logins a second for unknown accounts, each from its own address (so no rate limit
 * answers early): every one costs a full password hash. Returns how they were answered.
 */
export function loginFlood(url: string, perSecond: number): { stop(): Promise<{ sent: number; statuses: Record<number, number>; p50: number }> } {
  const pending: Promise<void>[] = []
  const statuses: Record<number, number> = {}
  const times: number[] = []
  let sent = 0
  const timer = setInterval(() => {
    sent++
    const n = sent
    const started = performance.now()
    pending.push(
      fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
        body: JSON.stringify({ username: `flood-${n}`, password: 'not-a-real-password' }),
      })
        .then(async (res) => {
          await res.arrayBuffer()
          statuses[res.status] = (statuses[res.status] ?? 0) + 1
          times.push(performance.now() - started)
        })
        .catch(() => {
          statuses[0] = (statuses[0] ?? 0) + 1
        }),
    )
  }, 1000 / perSecond)
  return {
    async stop() {
      clearInterval(timer)
      await Promise.all(pending)
      times.sort((a, b) => a - b)
      return { sent, statuses, p50: Math.round(times[Math.floor(times.length / 2)] ?? 0) }
    },
  }
}
