import { describe, expect, it } from 'vitest'

import { readResetToken } from './reset-link.schemas'
import { newResetToken } from './password-reset'

describe('reset tokens', () => {
  it('reach the reset page unchanged through the link repairs, every one of them', () => {
    // A random token starting with "3D" would be read as a quoted-printable "=3D" and cut
    // (about one in 2,000); 20,000 draws find one almost surely if the server allowed it.
    for (let i = 0; i < 20_000; i++) {
      const token = newResetToken()
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(readResetToken(`?token=${token}`)).toEqual({ ok: true, token })
    }
  })
})
