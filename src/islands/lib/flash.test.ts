import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { FLASH_MAX_AGE_MS, setFlash, takeFlash } from './flash'

/** The browser's sessionStorage, as far as the flash uses it. */
class MemoryStorage {
  private readonly items = new Map<string, string>()
  getItem = (key: string) => this.items.get(key) ?? null
  setItem = (key: string, value: string) => void this.items.set(key, String(value))
  removeItem = (key: string) => void this.items.delete(key)
}

describe('the toast carried over one page change', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'sessionStorage', { value: new MemoryStorage(), configurable: true })
  })
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage')
  })

  it('is shown once by the next page', () => {
    setFlash({ title: 'Welcome back!' })
    expect(takeFlash()).toEqual({ title: 'Welcome back!' })
    expect(takeFlash()).toBeNull()
  })

  it('is dropped, not replayed, when no page showed it in time', () => {
    setFlash({ title: 'Logged out' })
    expect(takeFlash(Date.now() + FLASH_MAX_AGE_MS + 1)).toBeNull()
    // Gone for good: a later page does not show it either.
    expect(takeFlash()).toBeNull()
  })

  it('ignores what another version of the app left (no time) or a damaged value', () => {
    sessionStorage.setItem('academy-flash', JSON.stringify({ title: 'Old' }))
    expect(takeFlash()).toBeNull()
    sessionStorage.setItem('academy-flash', '{not json')
    expect(takeFlash()).toBeNull()
  })
})
