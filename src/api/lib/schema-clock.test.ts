import { afterEach, describe, expect, it } from 'vitest'

import { markPaidOfflineSchema } from '#api/invoices/schemas'
import { dateOfBirthSchema } from '#api/students/schemas'
import { setAcademyClock, withAcademyClock } from './academy-clock'

const at = (iso: string) => () => new Date(iso)
const refusal = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message)

afterEach(() => setAcademyClock(null))

describe('the shared schemas read the academy clock on the server (issue 40)', () => {
  it('takes a date of birth as the future or the past by the academy clock, not the machine’s', () => {
    setAcademyClock(at('2040-06-15T12:00:00Z'))
    // A birthday ahead of the machine's own day is no longer in the future in 2040.
    expect(dateOfBirthSchema.safeParse('2039-01-10').success).toBe(true)
    expect(refusal(dateOfBirthSchema.safeParse('2040-06-20'))).toBe('Date of birth cannot be in the future')
    // A hundred years before 2040, not before the machine's year.
    expect(refusal(dateOfBirthSchema.safeParse('1935-01-01'))).toMatch(/100 years/i)
  })

  it('follows a clock scoped to one piece of work, as a replayed day does', () => {
    const check = (day: string) => markPaidOfflineSchema.safeParse({ method: 'cash', receivedOn: day }).success
    expect(withAcademyClock(at('2031-03-01T09:00:00Z'), () => check('2031-03-02'))).toBe(true)
    expect(withAcademyClock(at('2031-03-01T09:00:00Z'), () => check('2031-03-03'))).toBe(false)
    // Back on real time, a day in 2031 is far ahead.
    expect(check('2031-03-02')).toBe(false)
  })
})
