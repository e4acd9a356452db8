import { describe, expect, it } from 'vitest'

import { composeMail, escapeHtml } from './mail-layout'

describe('composeMail', () => {
  const mail = composeMail({
    academyName: 'Étoile & Barre',
    subject: 'Hello\r\nBcc: someone@example.com',
    greeting: 'Hello <b>Ann</b>,',
    blocks: [
      'A place is "held" for you.',
      {
        facts: [
          ['When', 'Thursday, 5:00-6:00pm'],
          ['Who', "O'Hara"],
        ],
      },
      { link: 'https://academy.example/billing?invoice=1&x=2' },
      { link: 'javascript:alert(1)' },
      { quote: 'Line one <script>\nLine two' },
    ],
    footnote: 'You receive this email because email notifications are on.',
  })

  it('makes a plain-text part of the same blocks, values as typed', () => {
    expect(mail.text).toBe(
      [
        'Hello <b>Ann</b>,',
        '',
        'A place is "held" for you.',
        '',
        'When: Thursday, 5:00-6:00pm',
        "Who: O'Hara",
        '',
        'https://academy.example/billing?invoice=1&x=2',
        '',
        'javascript:alert(1)',
        '',
        'Line one <script>',
        'Line two',
        '',
        'You receive this email because email notifications are on.',
        '',
        'Étoile & Barre',
      ].join('\n'),
    )
  })

  it('keeps the subject on one line', () => {
    expect(mail.subject).toBe('Hello Bcc: someone@example.com')
  })

  it('escapes every value in the HTML and links only web addresses', () => {
    expect(mail.html).toContain('Hello &lt;b&gt;Ann&lt;/b&gt;,')
    expect(mail.html).toContain('Étoile &amp; Barre')
    expect(mail.html).toContain('A place is &quot;held&quot; for you.')
    expect(mail.html).toContain('O&#39;Hara')
    expect(mail.html).toContain('<a href="https://academy.example/billing?invoice=1&amp;x=2"')
    expect(mail.html).not.toContain('href="javascript:')
    expect(mail.html).toContain('Line one &lt;script&gt;<br>Line two')
    expect(mail.html).not.toMatch(/<script|<b>/)
  })
})

describe('escapeHtml', () => {
  it('escapes the five characters that matter', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
  })
})
