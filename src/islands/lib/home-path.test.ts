import { describe, expect, it } from 'vitest'

import { homePathFor } from './home-path'

describe('where a signed-in account lands', () => {
  it('sends an account with the admin flag to /admin', () => {
    expect(homePathFor({ username: 'director', isAdmin: true })).toBe('/admin')
  })

  it('sends the historical admin username to /admin even without the flag', () => {
    expect(homePathFor({ username: 'admin', isAdmin: false })).toBe('/admin')
  })

  it('sends a teacher to /teach, and a teacher who is also an administrator to /admin', () => {
    expect(homePathFor({ username: 'teacher', isAdmin: false, isTeacher: true })).toBe('/teach')
    expect(homePathFor({ username: 'director', isAdmin: true, isTeacher: true })).toBe('/admin')
  })

  it('sends every other account to /dashboard', () => {
    expect(homePathFor({ username: 'family', isAdmin: false })).toBe('/dashboard')
    expect(homePathFor({ username: 'administrator', isAdmin: null })).toBe('/dashboard')
    expect(homePathFor({ username: 'family', isAdmin: false, isTeacher: false })).toBe('/dashboard')
  })
})
