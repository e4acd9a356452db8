import { describe, expect, it } from 'vitest'

import { ACCOUNT_MESSAGES, changePasswordSchema, cleanResetToken, notificationPreferencesSchema, profileSchema, resetPasswordSchema } from './schemas'
import { AUTH_MESSAGES, registerSchema } from './auth.schemas'
import { PASSWORD_REQUIRED, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from './password.schemas'

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message

const TOKEN = 'Q2hvb3NlLWEtbmV3LXBhc3N3b3JkLXBsZWFzZS0xMjM'

describe('reset token cleaning', () => {
  it('undoes quoted-printable artefacts, hex escapes, whitespace and URI encoding', () => {
    expect(cleanResetToken(`Q2hvb3NlLWEt=\r\nbmV3LXBhc3N3b3JkLXBsZWFzZS0xMjM`)).toBe(TOKEN)
    expect(cleanResetToken(' Q2hvb3NlLWEtbmV3LXBhc3N3b3JkLXBsZWFzZS0xMjM\n')).toBe(TOKEN)
    expect(cleanResetToken('Q2hvb3NlLWEtbmV3LXBhc3N3b3JkLXBsZWFzZS0xMjM%5F')).toBe(`${TOKEN}_`)
    expect(cleanResetToken('Q2hvb3NlLWEtbmV3LXBhc3N3b3JkLXBsZWFzZS0xMjM\\x2D')).toBe(`${TOKEN}-`)
    expect(cleanResetToken('abc=3Ddef')).toBe('abc=def')
  })

  it('leaves a stray percent sign for the format check to refuse', () => {
    expect(cleanResetToken('abc%zz')).toBe('abc%zz')
  })
})

describe('reset password schema', () => {
  it('accepts a URL-safe token of at least 20 characters', () => {
    expect(resetPasswordSchema.parse({ token: TOKEN, newPassword: 'a-new-password' }).token).toBe(TOKEN)
  })

  it('refuses a missing, short or malformed token with the spec messages', () => {
    expect(firstMessage(resetPasswordSchema.safeParse({ newPassword: 'a-new-password' }))).toBe(ACCOUNT_MESSAGES.resetLinkMissing)
    expect(firstMessage(resetPasswordSchema.safeParse({ token: '', newPassword: 'a-new-password' }))).toBe(ACCOUNT_MESSAGES.resetLinkMissing)
    expect(firstMessage(resetPasswordSchema.safeParse({ token: 'short-token', newPassword: 'a-new-password' }))).toBe(ACCOUNT_MESSAGES.resetTokenFormat)
    expect(firstMessage(resetPasswordSchema.safeParse({ token: `${TOKEN}<script>`, newPassword: 'a-new-password' }))).toBe(ACCOUNT_MESSAGES.resetTokenFormat)
  })

  it('applies the password length rules to the new password', () => {
    expect(firstMessage(resetPasswordSchema.safeParse({ token: TOKEN, newPassword: '12345' }))).toBe(PASSWORD_TOO_SHORT)
    expect(firstMessage(resetPasswordSchema.safeParse({ token: TOKEN, newPassword: 'x'.repeat(129) }))).toBe(PASSWORD_TOO_LONG)
    expect(firstMessage(resetPasswordSchema.safeParse({ token: TOKEN }))).toBe(PASSWORD_REQUIRED)
  })
})

describe('registration schema', () => {
  const valid = { fullName: 'Ana Lopez', email: ' Ana.Lopez@Example.com ', username: ' AnaLopez ', password: 'pointe-shoes-7' }

  it('normalises username and email to trimmed lower case, and an empty phone to none', () => {
    const parsed = registerSchema.parse({ ...valid, phone: '' })
    expect(parsed.username).toBe('analopez')
    expect(parsed.email).toBe('ana.lopez@example.com')
    expect(parsed.phone).toBeNull()
  })

  it('drops isAdmin and isActive sent by a registrant', () => {
    const parsed = registerSchema.parse({ ...valid, isAdmin: true, isActive: false }) as Record<string, unknown>
    expect(parsed).not.toHaveProperty('isAdmin')
    expect(parsed).not.toHaveProperty('isActive')
  })

  it('reports each rule with its message', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fullName: '' }, AUTH_MESSAGES.fullNameRequired],
      [{ fullName: undefined }, AUTH_MESSAGES.fullNameRequired],
      [{ email: '' }, AUTH_MESSAGES.emailRequired],
      [{ email: 'not-an-email' }, AUTH_MESSAGES.emailInvalid],
      [{ username: 'ab' }, AUTH_MESSAGES.usernameTooShort],
      [{ username: 'a'.repeat(51) }, AUTH_MESSAGES.usernameTooLong],
      [{ username: 'ana@example' }, AUTH_MESSAGES.usernameCharacters],
      [{ password: '12345' }, PASSWORD_TOO_SHORT],
      [{ password: 'x'.repeat(129) }, PASSWORD_TOO_LONG],
      [{ phone: '1'.repeat(41) }, AUTH_MESSAGES.phoneTooLong],
    ]
    for (const [change, message] of cases) expect(firstMessage(registerSchema.safeParse({ ...valid, ...change }))).toBe(message)
  })
})

describe('profile and password change schemas', () => {
  it('uses the profile messages of spec §5', () => {
    expect(firstMessage(profileSchema.safeParse({ fullName: 'A' }))).toBe(ACCOUNT_MESSAGES.fullNameTooShort)
    expect(firstMessage(profileSchema.safeParse({ email: 'nope' }))).toBe(ACCOUNT_MESSAGES.profileEmailInvalid)
    expect(profileSchema.parse({ phone: null }).phone).toBeNull()
    expect(profileSchema.parse({})).toEqual({})
  })

  it('requires both password fields', () => {
    expect(firstMessage(changePasswordSchema.safeParse({ newPassword: 'a-new-password' }))).toBe(ACCOUNT_MESSAGES.passwordFieldsMissing)
    expect(firstMessage(changePasswordSchema.safeParse({ currentPassword: 'old-password' }))).toBe(ACCOUNT_MESSAGES.passwordFieldsMissing)
    expect(firstMessage(changePasswordSchema.safeParse({ currentPassword: 'old-password', newPassword: '123' }))).toBe(PASSWORD_TOO_SHORT)
  })
})

describe('notification preferences schema', () => {
  it('keeps the four booleans and strips id, userId and updatedAt', () => {
    const parsed = notificationPreferencesSchema.parse({ id: 3, userId: 9, updatedAt: 'x', smsNotifications: true, promotionalEmails: false })
    expect(parsed).toEqual({ smsNotifications: true, promotionalEmails: false })
  })

  it('refuses a value that is not a boolean', () => {
    expect(firstMessage(notificationPreferencesSchema.safeParse({ emailNotifications: 'yes' }))).toBe('emailNotifications must be true or false')
  })
})
