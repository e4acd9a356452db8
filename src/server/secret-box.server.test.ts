import { describe, expect, it } from 'vitest'

import { openSecret, sealSecret, SecretBoxError } from './secret-box.server'

const MASTER = 'a-master-secret-that-is-long-enough-for-tests'

describe('secret box', () => {
  it('round-trips a secret and never stores it in clear', () => {
    const sealed = sealSecret('sk_test_abcdef1234', MASTER, 'stripe-secret-key')
    expect(sealed).toMatch(/^v1\./)
    expect(sealed).not.toContain('sk_test')
    expect(openSecret(sealed, MASTER, 'stripe-secret-key')).toBe('sk_test_abcdef1234')
  })

  it('uses a fresh nonce each time', () => {
    expect(sealSecret('same', MASTER, 'p')).not.toBe(sealSecret('same', MASTER, 'p'))
  })

  it('refuses another master secret, another purpose and a tampered value', () => {
    const sealed = sealSecret('sk_test_abcdef1234', MASTER, 'stripe-secret-key')
    expect(() => openSecret(sealed, `${MASTER}-rotated`, 'stripe-secret-key')).toThrow(SecretBoxError)
    expect(() => openSecret(sealed, MASTER, 'another-purpose')).toThrow(SecretBoxError)
    const body = Buffer.from(sealed.slice(3), 'base64url')
    body.writeUInt8(body.readUInt8(body.length - 1) ^ 1, body.length - 1)
    expect(() => openSecret(`v1.${body.toString('base64url')}`, MASTER, 'stripe-secret-key')).toThrow(SecretBoxError)
    expect(() => openSecret('garbage', MASTER, 'stripe-secret-key')).toThrow(SecretBoxError)
  })
})
