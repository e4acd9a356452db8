import { afterEach, describe, expect, it, vi } from 'vitest'

import { requestId } from './logger.server'

describe('requestId', () => {
  afterEach(() => vi.restoreAllMocks())

  it("keeps a caller's plain token and makes a fresh id for anything else", () => {
    expect(requestId('proxy-id_1.2')).toBe('proxy-id_1.2')
    for (const incoming of [undefined, ['a', 'b'], 'has space', 'x'.repeat(65)]) {
      expect(requestId(incoming)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
    expect(requestId(undefined)).not.toBe(requestId(undefined))
  })

  it('makes a fresh id without the global crypto, which Next wraps for the whole process', async () => {
    // What the admin panel's framework installs in the app's process when it loads.
    await import('next/dist/server/node-environment-extensions/web-crypto.js')
    const global = vi.spyOn(globalThis.crypto, 'randomUUID')
    requestId(undefined)
    expect(global).not.toHaveBeenCalled()
  })
})
