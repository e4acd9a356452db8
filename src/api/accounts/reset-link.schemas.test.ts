import { describe, expect, it } from 'vitest'

import { readResetToken, RESET_LINK_MESSAGES } from './reset-link.schemas'

const TOKEN = 'Zq3vN8_xY-2kLm4pQr7sTu9wVb1cDe5fGh6iJk0lMnO' // 43 chars, like the server's tokens

describe('reading the reset token from the link', () => {
  it('takes a clean token as it is', () => {
    expect(readResetToken(`?token=${TOKEN}`)).toEqual({ ok: true, token: TOKEN })
    expect(readResetToken(`token=${TOKEN}&utm_source=mail`)).toEqual({ ok: true, token: TOKEN })
  })

  it('repairs the =3D a quoted-printable mail leaves for the equals sign', () => {
    expect(readResetToken(`?token=3D${TOKEN}`)).toEqual({ ok: true, token: TOKEN })
  })

  it('joins a token broken by a quoted-printable soft line break', () => {
    expect(readResetToken(`?token=${TOKEN.slice(0, 20)}=\n${TOKEN.slice(20)}`)).toEqual({ ok: true, token: TOKEN })
    expect(readResetToken(`?token=${TOKEN.slice(0, 20)}=%0D%0A${TOKEN.slice(20)}`)).toEqual({ ok: true, token: TOKEN })
  })

  it('removes whitespace a mail program wrapped into the link', () => {
    expect(readResetToken(`?token=${TOKEN.slice(0, 10)}%20${TOKEN.slice(10, 30)}%0A ${TOKEN.slice(30)}`)).toEqual({ ok: true, token: TOKEN })
  })

  it('undoes percent-encoding, even when the link was encoded twice', () => {
    expect(readResetToken(`?token%3D${TOKEN}`)).toEqual({ ok: true, token: TOKEN })
    expect(readResetToken(`?token%253D${TOKEN}`)).toEqual({ ok: true, token: TOKEN })
  })

  it('decodes \\x hex escapes', () => {
    expect(readResetToken(`?token\\x3d${TOKEN}`)).toEqual({ ok: true, token: TOKEN })
  })

  it('says the link is invalid when it has no token', () => {
    for (const search of ['', '?', '?token=', '?foo=bar', '?token']) {
      expect(readResetToken(search)).toEqual({ ok: false, reason: 'missing', message: RESET_LINK_MESSAGES.missing })
    }
  })

  it('says the link format is invalid when it cannot be decoded', () => {
    expect(readResetToken(`?token=${TOKEN}%E0%A4%A`)).toMatchObject({
      ok: false,
      reason: 'unparsable',
      message: 'Invalid reset link format. Please request a new password reset.',
    })
    expect(readResetToken(`?token=${TOKEN}%`)).toMatchObject({ ok: false, reason: 'unparsable' })
  })

  it('refuses a token with other characters or shorter than 20 characters', () => {
    for (const search of [`?token=${TOKEN}.`, `?token=<script>${TOKEN}`, `?token=${TOKEN.slice(0, 19)}`, `?token=${'a'.repeat(201)}`]) {
      expect(readResetToken(search)).toEqual({ ok: false, reason: 'format', message: 'Invalid reset token format. Please request a new password reset.' })
    }
  })

  it('accepts exactly 20 characters', () => {
    expect(readResetToken(`?token=${TOKEN.slice(0, 20)}`)).toEqual({ ok: true, token: TOKEN.slice(0, 20) })
  })
})
