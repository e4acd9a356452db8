import { describe, expect, it } from 'vitest'

import { householdInviteMail, inviterNameForMail } from './invite-mail'

describe('inviterNameForMail', () => {
  it('keeps a name as written, with its accents, apostrophes, hyphens and initials', () => {
    expect(inviterNameForMail("Zoë O'Brien-Smith")).toBe("Zoë O'Brien-Smith")
    expect(inviterNameForMail('J. R. R. Tolkien')).toBe('J. R. R. Tolkien')
  })

  it('leaves nothing a mail program could make a link, an address or a number to call', () => {
    expect(inviterNameForMail('<a href="https://evil.example/login">Locked</a> call 1-800-555-0100 or help@evil.example')).toBe(
      'a href https evil example login Locked a call or help evil e',
    )
    expect(inviterNameForMail('www.evil.com')).toBe('www evil com')
  })

  it('is cut to a name’s length, and reads "A guardian" when nothing of a name is left', () => {
    expect(inviterNameForMail('Ann '.repeat(40))).toHaveLength(59)
    expect(inviterNameForMail('1234 ---')).toBe('A guardian')
  })
})

describe('householdInviteMail', () => {
  it('has a subject of the academy’s alone and the name once in a fixed sentence, escaped in the HTML', () => {
    const mail = householdInviteMail({
      academyName: 'Studio Pointe',
      inviterName: 'Ann <b>Bold</b>',
      link: 'https://academy.example/household/join?token=t',
      access: 'full',
    })
    expect(mail.subject).toBe('An invitation to join a household at Studio Pointe')
    expect(mail.text).toContain('A guardian of a household at Studio Pointe, who gave their name as Ann b Bold b, invited this email address')
    expect(mail.html).not.toContain('<b>')
    expect(mail.html.match(/href=/g)).toEqual(['href='])
  })
})
