import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addStudent, createFamily, type Family } from '#tests/support/families'
import { addPolicy, changeWords } from '#tests/support/policies'
import { uniqueName } from '#tests/support/postgres'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * Issue 26 with households (decisions §25, §23): the consent to sign electronically is worded by
 * the academy (a site text) and recorded word for word; a new version that asks for new
 * signatures mails every guardian of each family still to sign, and the office's reminder does
 * too; a change that keeps the old signatures, and a first version, mail nobody.
 */
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient
let family: Family
let second: { email: string; fullName: string }
let mia: number

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const mailsTo = (email: string, subject: string) => smtp.messages.filter((m) => m.to.includes(email) && m.subject === subject)

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Academy Tests <tests@academy.example>' })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'notice-family')
  const username = uniqueName('notice-second').replace(/_/g, '-').toLowerCase().slice(0, 40)
  second = { email: `${username}@example.com`, fullName: 'Sam Second' }
  await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { username, email: second.email, fullName: second.fullName, password: 'a-long-test-password', household: family.userId },
  })
  mia = await addStudent(app, family.userId, 'Mia Notice', 7)
})

afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

describe('the consent to sign electronically', () => {
  it('shows and records the words the academy chose, with their hash', async () => {
    await addPolicy(app, { title: uniqueName('Consent waiver') })
    const words = 'I agree to sign electronically at Notice Academy; I can ask for paper at the front desk.'
    const saved = await admin.post('/api/site-content', { key: 'policy.esign_consent', title: 'E-sign consent', content: words, section: 'policy' })
    expect(saved.status).toBe(201)
    const required = await family.client.get(`/api/policies/required?studentId=${mia}`)
    expect(required.body).toMatchObject({ consentGiven: false, consentText: words })
    const consent = await family.client.post('/api/policies/consent', { fullName: family.fullName })
    expect(consent.status).toBe(201)
    const row = await app.payload.findByID({ collection: 'policy-signatures', id: consent.body.id, overrideAccess: true, depth: 0 })
    expect([row.agreedText, row.sha256]).toEqual([words, sha256(words)])
  })
})

describe('a new version', () => {
  it('that asks for new signatures mails every guardian of a family still to sign; one that does not, and a first version, mail nobody', async () => {
    const title = uniqueName('Studio rules')
    const doc = await addPolicy(app, { title })
    const signed = await family.client.post(`/api/policies/${doc.id}/sign`, { fullName: family.fullName, studentId: mia, versionId: doc.versionId })
    expect(signed.status).toBe(201)

    await changeWords(app, doc.id, ['The same rules, a comma moved.'], { needsSignature: false })
    await changeWords(app, doc.id, ['New rules about the changing rooms.'], { needsSignature: true, resignBy: '2027-01-15' })
    const subject = `Please sign again: ${title}`
    for (const guardian of [{ email: family.email, fullName: family.fullName }, second]) {
      const mail = await smtp.waitFor((m) => m.to.includes(guardian.email) && m.subject === subject)
      expect(mail.text).toContain(`Hello ${guardian.fullName},`)
      expect(mail.text).toContain('Mia Notice')
      expect(mail.text).toContain('Please sign by Jan 15, 2027')
      expect(mail.text).toContain(`/policies?studentId=${mia}`)
    }
    // One mail per guardian for the one version that asked; none for the first version or the comma.
    expect(mailsTo(family.email, subject)).toHaveLength(1)
    expect(smtp.messages.filter((m) => m.subject.startsWith('Please sign') && m.subject.includes(title) && m.subject !== subject)).toHaveLength(0)
  })

  it('the office reminder reaches every guardian too', async () => {
    const title = uniqueName('Photo release')
    const doc = await addPolicy(app, { title })
    const reminded = await admin.post(`/api/admin/policies/${doc.id}/remind`, {})
    expect(reminded.status).toBe(200)
    for (const email of [family.email, second.email]) await smtp.waitFor((m) => m.to.includes(email) && m.subject === `Please sign: ${title}`)
  })
})
