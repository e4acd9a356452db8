import { describe, expect, it } from 'vitest'

import { createMailer, OUTBOX_CAPACITY } from './mailer.server'

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

describe('the demo outbox', () => {
  it('keeps what was logged, newest first, up to its capacity', async () => {
    const mailer = createMailer({ from: 'a@b', keepOutbox: true, log: () => {} })
    for (let i = 1; i <= OUTBOX_CAPACITY + 5; i++) await mailer.send({ to: `n${i}@example.com`, subject: `Message ${i}`, text: `Body ${i}` })
    const kept = mailer.outbox()!
    expect(kept).toHaveLength(OUTBOX_CAPACITY)
    expect(kept[0]).toMatchObject({ to: `n${OUTBOX_CAPACITY + 5}@example.com`, subject: `Message ${OUTBOX_CAPACITY + 5}`, outcome: 'logged' })
    expect(kept.at(-1)).toMatchObject({ subject: 'Message 6' })
    expect(new Set(kept.map((m) => m.id)).size).toBe(OUTBOX_CAPACITY)
  })

  it('hands out copies: a reader cannot change what is kept', async () => {
    const mailer = createMailer({ from: 'a@b', keepOutbox: true, log: () => {} })
    await mailer.send(resetMail)
    mailer.outbox()![0]!.text = 'changed'
    expect(mailer.outbox()![0]!.text).toBe(resetMail.text)
  })

  it('does not exist unless asked for (every deployment outside demo mode)', async () => {
    const mailer = createMailer({ from: 'a@b', redact: true, log: () => {} })
    await mailer.send(resetMail)
    expect(mailer.outbox()).toBeNull()
  })
})
