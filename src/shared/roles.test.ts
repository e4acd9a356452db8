import { describe, expect, it } from 'vitest'

import { isAdminUser } from './roles'

describe('isAdminUser', () => {
  it('is true for the isAdmin flag or the username admin, false otherwise', () => {
    expect(isAdminUser({ username: 'jane', isAdmin: true })).toBe(true)
    expect(isAdminUser({ username: 'admin', isAdmin: false })).toBe(true)
    expect(isAdminUser({ username: 'jane', isAdmin: false })).toBe(false)
    expect(isAdminUser({ username: 'Admin ' })).toBe(false)
    expect(isAdminUser(null)).toBe(false)
  })
})
