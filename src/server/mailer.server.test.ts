import { describe, expect, it } from 'vitest'

import { createMailer } from './mailer.server'

const resetMail = { to: 'ann@example.com', subject: 'Reset your password', text: 'Open http://academy.example/reset-password?token=SECRET-TOKEN' }

describe('createMailer without SMTP_URL', () => {
  it('writes the whole message to the log in demo mode', async () => {
    const lines: string[] = []
    const mailer = createMailer({ from: 'a@b', log: (line) => lines.push(line) })
    await mailer.send(resetMail)
    expect(mailer.logOnly).toBe(true)
    expect(lines.join('\n')).toContain('SECRET-TOKEN')
  })

  it('logs only the recipient and subject outside demo mode, never a reset link', async () => {
    const lines: string[] = []
    const mailer = createMailer({ from: 'a@b', redact: true, log: (line) => lines.push(line) })
    await mailer.send(resetMail)
    const logged = lines.join('\n')
    expect(logged).toContain('ann@example.com')
    expect(logged).toContain('Reset your password')
    expect(logged).not.toContain('SECRET-TOKEN')
    expect(logged).not.toContain('reset-password')
  })
})
