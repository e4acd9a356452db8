import { dictionary } from '@zxcvbn-ts/language-common'
import { describe, expect, it } from 'vitest'

import { PASSWORD_TOO_COMMON, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from './password.schemas'
import { isCommonPassword, passwordPolicyProblem } from './password-policy'

describe('password policy', () => {
  it('refuses the most common passwords, whatever their case', async () => {
    for (const password of ['password', '123456789', 'qwerty123', 'Password1', 'SUNSHINE', 'iloveyou']) {
      expect(await passwordPolicyProblem(password)).toBe(PASSWORD_TOO_COMMON)
    }
  })

  it('accepts passwords that are not among the 1,000 most common', async () => {
    for (const password of ['ballet-family-2026', 'admin-password-1', 'pirouette-on-pointe']) {
      expect(await passwordPolicyProblem(password)).toBeNull()
    }
  })

  it('reports the length rules before the common list', async () => {
    expect(await passwordPolicyProblem('1234')).toBe(PASSWORD_TOO_SHORT)
    expect(await passwordPolicyProblem('x'.repeat(129))).toBe(PASSWORD_TOO_LONG)
    expect(await passwordPolicyProblem('x'.repeat(128))).toBeNull()
  })

  it('uses the first 1,000 entries of the ranked dictionary and no more', async () => {
    const ranked = dictionary['passwords-common']
    expect(await isCommonPassword(ranked[0]!)).toBe(true)
    expect(await isCommonPassword(ranked[999]!)).toBe(true)
    const later = ranked.slice(1000, 1200).find((word) => !ranked.slice(0, 1000).includes(word))!
    expect(await isCommonPassword(later)).toBe(false)
  })
})
