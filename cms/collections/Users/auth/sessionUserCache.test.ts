import type { TypedUser } from 'payload'
import { describe, expect, it } from 'vitest'

import { flushAllLocal, receiveInvalidation } from '#server/cache-broadcast.server'
import { cacheUser, forgetUser, getCachedUser, userGeneration } from './sessionUserCache'

const user = (id: number, fullName = 'Cached Parent') => ({ id, fullName }) as unknown as TypedUser

describe('the signed-in user cache', () => {
  it('stores what a lookup read when nothing dropped the user meanwhile', () => {
    const generation = userGeneration(9101)
    expect(cacheUser(user(9101), generation)).toBe(true)
    expect(getCachedUser(9101)).toMatchObject({ id: 9101 })
  })

  it('does not store a lookup that started before the user was dropped (a logout, a password change)', () => {
    cacheUser(user(9102, 'Before'), userGeneration(9102))
    // A request starts reading the user from the database...
    const generation = userGeneration(9102)
    // ...another request (or process) ends the session and drops the cached user...
    forgetUser(9102)
    // ...and the first request's read, made before the drop, arrives late.
    expect(cacheUser(user(9102, 'Stale'), generation)).toBe(false)
    expect(getCachedUser(9102)).toBeNull()
    // A lookup started after the drop is stored.
    expect(cacheUser(user(9102, 'Fresh'), userGeneration(9102))).toBe(true)
    expect(getCachedUser(9102)).toMatchObject({ fullName: 'Fresh' })
  })

  it('a drop heard from another process, or a flush of everything, counts too', () => {
    const beforeRemote = userGeneration(9103)
    receiveInvalidation('user:9103')
    expect(cacheUser(user(9103), beforeRemote)).toBe(false)

    cacheUser(user(9104), userGeneration(9104))
    const beforeFlush = userGeneration(9105)
    flushAllLocal()
    expect(getCachedUser(9104)).toBeNull()
    expect(cacheUser(user(9105), beforeFlush)).toBe(false)
  })
})
