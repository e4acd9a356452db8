import { describe, expect, it } from 'vitest'

import { isAdminUser, isBuiltInAdmin, isReservedUsername, isStaffUser } from './roles'

describe('isAdminUser', () => {
  it('is true for the isAdmin flag or the username admin, false otherwise', () => {
    expect(isAdminUser({ username: 'jane', isAdmin: true })).toBe(true)
    expect(isAdminUser({ username: 'admin', isAdmin: false })).toBe(true)
    expect(isAdminUser({ username: 'jane', isAdmin: false })).toBe(false)
    expect(isAdminUser({ username: 'Admin ' })).toBe(false)
    expect(isAdminUser(null)).toBe(false)
  })
})

describe('isBuiltInAdmin', () => {
  it('is the username admin exactly, whatever the flag', () => {
    expect(isBuiltInAdmin({ username: 'admin', isAdmin: false })).toBe(true)
    expect(isBuiltInAdmin({ username: 'admin', isAdmin: true })).toBe(true)
    expect(isBuiltInAdmin({ username: 'director', isAdmin: true })).toBe(false)
    expect(isBuiltInAdmin({ username: 'Admin' })).toBe(false)
    expect(isBuiltInAdmin(null)).toBe(false)
  })
})

describe('isReservedUsername', () => {
  it('is admin in any spelling Payload would store as admin', () => {
    expect(isReservedUsername('admin')).toBe(true)
    expect(isReservedUsername(' Admin ')).toBe(true)
    expect(isReservedUsername('administrator')).toBe(false)
    expect(isReservedUsername(undefined)).toBe(false)
  })
})

describe('isStaffUser', () => {
  it('is an administrator or a teacher, never a family account', () => {
    expect(isStaffUser({ username: 'jane', isAdmin: true })).toBe(true)
    expect(isStaffUser({ username: 'admin' })).toBe(true)
    expect(isStaffUser({ username: 'tara', isTeacher: true })).toBe(true)
    expect(isStaffUser({ username: 'pat', isAdmin: false, isTeacher: false, guardianAccess: 'full' })).toBe(false)
    expect(isStaffUser(null)).toBe(false)
  })
})
