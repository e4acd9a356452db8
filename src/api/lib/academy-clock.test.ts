import { afterEach, describe, expect, it } from 'vitest'

import { academyNow, academyToday, clockFrom, setAcademyClock, withAcademyClock } from './academy-clock'

const fixed = (iso: string) => () => new Date(iso)
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

afterEach(() => setAcademyClock(null))

describe('the academy clock', () => {
  it('reads the machine’s time when nothing moves it', () => {
    const before = Date.now()
    const now = academyNow().getTime()
    expect(now).toBeGreaterThanOrEqual(before)
    expect(now).toBeLessThanOrEqual(Date.now())
  })

  it('stands where a scope puts it, through everything the scope awaits, and nowhere else', async () => {
    const seen = await withAcademyClock(fixed('2027-03-05T15:00:00Z'), async () => {
      await tick()
      return { now: academyNow().toISOString(), today: academyToday() }
    })
    expect(seen).toEqual({ now: '2027-03-05T15:00:00.000Z', today: '2027-03-05' })
    expect(academyNow().getUTCFullYear()).not.toBe(2027)
  })

  it('keeps two scopes running at once apart (two tasks queued with different times)', async () => {
    const at = (iso: string) =>
      withAcademyClock(fixed(iso), async () => {
        await tick()
        return academyToday()
      })
    expect(await Promise.all([at('2027-04-05T15:00:00Z'), at('2027-05-25T15:00:00Z')])).toEqual(['2027-04-05', '2027-05-25'])
  })

  it('lets a scope win over the test-wide clock', () => {
    setAcademyClock(fixed('2030-01-01T12:00:00Z'))
    expect(academyToday()).toBe('2030-01-01')
    expect(withAcademyClock(fixed('2031-06-30T12:00:00Z'), () => academyToday())).toBe('2031-06-30')
  })

  it('runs on from a given start (a task queued with a `now`)', async () => {
    const start = new Date('2027-03-05T23:00:00Z')
    const clock = clockFrom(start)
    const first = clock().getTime()
    await tick()
    const second = withAcademyClock(clock, () => academyNow().getTime())
    expect(first - start.getTime()).toBeLessThan(60_000)
    expect(second).toBeGreaterThan(first)
    expect(withAcademyClock(clock, () => academyToday())).toBe('2027-03-05')
  })
})
