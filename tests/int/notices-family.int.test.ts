import { createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Invoice } from '#cms/payload-types'
import { SCHEDULED_NOTICES_TASK } from '#cms/message-jobs'
import { MESSAGE_QUEUE } from '#api/messages'
import { noticePaymentFailed } from '#api/notices'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { choose, enroll, familyIn } from '#tests/support/messages'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * A household's automatic notices (issue 25, decisions "Automatic notices"): a waitlist offer, an
 * invoice issued, a payment declined, and the calendar's (a term ending, a card expiring, a makeup
 * tomorrow), each in the inbox and by its one email, never twice for one event.
 */
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient

const sentTo = (family: Family, subject: string | RegExp) =>
  smtp.messages.filter((m) => m.to.includes(family.email) && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)))
const inbox = async (family: Family) =>
  (await family.client.get('/api/messages')).body as { subject: string; category: string; students: { fullName: string }[] }[]
const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

async function invoiceFor(family: Family, notices = true): Promise<Invoice> {
  return (await app.payload.create({
    collection: 'invoices',
    overrideAccess: true,
    ...(notices ? {} : { context: { notices: false } }),
    data: { userId: family.userId, amountCents: 6500, description: 'March tuition', status: 'pending', dueDate: '2031-03-05' },
  })) as Invoice
}

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Academy <academy@example.com>' })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
})
afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

describe('a waitlist offer', () => {
  it('is a service notice in the family’s inbox and one email, whatever its choices', async () => {
    const cls = await addClass(app, { name: 'Offer Class', capacity: 1 })
    const seated = await familyIn(app, 'offer-seated', [cls.id])
    const waiting = await createFamily(app, 'offer-waiting')
    const student = await addStudent(app, waiting.userId, 'Wendy Waiting', 7)
    await choose(app, waiting, { announcementsBy: 'portal', classChangesBy: 'portal', billingBy: 'portal', remindersBy: 'portal' })
    expect((await waiting.client.post('/api/waitlist', { studentId: student, classId: cls.id })).status).toBe(201)
    const seat = (await app.payload.find({ collection: 'enrollments', where: { student: { equals: seated.studentId } }, overrideAccess: true })).docs[0]!
    expect((await admin.delete(`/api/enrollments/${seat.id}`)).status).toBe(200)
    const mail = await smtp.waitFor((m) => m.to.includes(waiting.email) && m.subject === 'A place in Offer Class is offered to Wendy Waiting')
    expect(mail.text).toContain(`${app.url}/dashboard`)
    expect(mail.text).toContain('48 hours')
    expect(mail.raw).not.toMatch(/List-Unsubscribe/i)
    await settle()
    expect(sentTo(waiting, /offered to/)).toHaveLength(1)
    expect(await inbox(waiting)).toEqual([
      expect.objectContaining({ subject: mail.subject, category: 'service', students: [expect.objectContaining({ fullName: 'Wendy Waiting' })] }),
    ])
  })
})

describe('an invoice issued', () => {
  it('is in the inbox, emailed unless the family chose the portal for billing, once', async () => {
    const emailed = await createFamily(app, 'invoice-email')
    const portal = await createFamily(app, 'invoice-portal')
    await choose(app, portal, { billingBy: 'portal' })
    const invoice = await invoiceFor(emailed)
    await invoiceFor(portal)
    const mail = await smtp.waitFor((m) => m.to.includes(emailed.email) && m.subject === 'New invoice: March tuition')
    expect(mail.text).toContain('$65.00')
    expect(mail.text).toContain(`/billing?invoice=${invoice.id}`)
    // Paying it (an update) tells nothing more.
    await app.payload.update({ collection: 'invoices', id: invoice.id, overrideAccess: true, data: { description: 'March tuition (corrected)' } })
    await settle()
    expect(sentTo(emailed, /^New invoice/)).toHaveLength(1)
    expect(sentTo(portal, /^New invoice/)).toHaveLength(0)
    expect((await inbox(portal)).map((m) => [m.subject, m.category])).toEqual([['New invoice: March tuition', 'billing']])
  })
})

describe('a payment declined', () => {
  it('is one service notice per attempt, however often it is told', async () => {
    const family = await createFamily(app, 'declined')
    await choose(app, family, { billingBy: 'portal' })
    const invoice = await invoiceFor(family, false)
    const req = await createLocalReq({}, app.payload)
    const facts = { attempt: 1, reason: 'Your card was declined.', nextAttempt: '2031-03-08' }
    expect(await noticePaymentFailed(req, invoice, facts)).not.toBeNull()
    expect(await noticePaymentFailed(req, invoice, facts)).toBeNull()
    const mail = await smtp.waitFor((m) => m.to.includes(family.email) && m.subject === 'Autopay could not charge your card: March tuition')
    expect(mail.text).toContain('We will try the card again on 2031-03-08')
    await settle()
    expect(sentTo(family, /^Autopay could not charge/)).toHaveLength(1)
    expect((await inbox(family)).map((m) => m.category)).toEqual(['service'])
  })
})

describe('the calendar’s notices (the scheduledNotices task)', () => {
  const NOW = '2031-03-10T15:00:00Z'
  const run = async () => {
    const job = await app.payload.jobs.queue({ task: SCHEDULED_NOTICES_TASK, input: { now: NOW }, queue: MESSAGE_QUEUE })
    return (await app.payload.jobs.runByID({ id: job.id })).jobStatus?.[job.id]?.status
  }

  it('tells a term ending within 7 days, a card expiring within 30, a makeup tomorrow: once each, however often it runs', async () => {
    const ending = await addClass(app, { name: 'Ending Class' })
    await app.payload.update({
      collection: 'classes',
      id: ending.id,
      overrideAccess: true,
      context: { notices: false },
      data: { termStart: '2030-09-01', termEnd: '2031-03-15' },
    })
    const later = await addClass(app, { name: 'Later Class' })
    await app.payload.update({
      collection: 'classes',
      id: later.id,
      overrideAccess: true,
      context: { notices: false },
      data: { termStart: '2030-09-01', termEnd: '2031-06-15' },
    })
    const term = await familyIn(app, 'term-family', [ending.id, later.id], 'Tess Term')
    const card = await createFamily(app, 'card-family')
    const fresh = await createFamily(app, 'fresh-card-family')
    for (const [family, year, id] of [
      [card, 2031, 'pm_expiring'],
      [fresh, 2032, 'pm_fresh'],
    ] as const) {
      await app.payload.create({
        collection: 'payment-methods',
        overrideAccess: true,
        data: { user: family.userId, cardBrand: 'visa', lastFour: '4242', expiryMonth: 3, expiryYear: year, stripePaymentMethodId: id },
      })
    }
    const makeup = await familyIn(app, 'makeup-family', [later.id], 'Milo Makeup')
    await enroll(app, makeup.studentId, ending.id)
    await app.payload.create({
      collection: 'makeups',
      overrideAccess: true,
      data: { student: makeup.studentId, class: ending.id, date: '2031-03-11', missedClass: later.id, missedDate: '2031-03-03' },
    })

    expect(await run()).toBe('success')
    expect(await run()).toBe('success')
    const termMail = await smtp.waitFor((m) => m.to.includes(term.email) && m.subject.startsWith('The term of Ending Class'))
    expect(termMail.text).toContain('Mar 15, 2031')
    const cardMail = await smtp.waitFor((m) => m.to.includes(card.email) && m.subject === 'Your visa card ending 4242 expires soon')
    expect(cardMail.text).toContain('03/2031')
    const makeupMail = await smtp.waitFor((m) => m.to.includes(makeup.email) && m.subject.includes('makeup class'))
    expect(makeupMail.text).toContain('Milo Makeup has a makeup class in Ending Class tomorrow, Mar 11, 2031')
    await settle()
    expect(sentTo(term, /^The term of/)).toHaveLength(1)
    expect(sentTo(term, /Later Class/)).toHaveLength(0)
    expect(sentTo(card, /expires soon/)).toHaveLength(1)
    expect(sentTo(fresh, /expires soon/)).toHaveLength(0)
    expect(sentTo(makeup, /makeup class/)).toHaveLength(1)
    // The makeup family's child is in the ending class too: its term notice, and the reminder, each once.
    expect((await inbox(makeup)).map((m) => m.category).sort()).toEqual(['reminders', 'reminders'])
  })
})
