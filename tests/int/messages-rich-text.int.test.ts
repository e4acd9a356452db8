import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MESSAGE_TEXTS } from '#api/messages/schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { cmsRest, sessionCookie } from '#tests/support/cms-rest'
import { addClass, createTeacher, type Family } from '#tests/support/families'
import { familyIn } from '#tests/support/messages'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * Announcements in rich text (issue 25, decisions §33), against real PostgreSQL and a real SMTP
 * listener: Lexical JSON stored, the email's HTML formatted and its text part plain, the inbox
 * given the rich text, hostile bodies refused or neutralised, a plain string still accepted.
 */
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient
let cls: { id: number; name: string }
let family: Family & { studentId: number }
let teacher: Family

const el = { direction: 'ltr', format: '', indent: 0, version: 1 }
const text = (value: string, format = 0) => ({ type: 'text', text: value, format, detail: 0, mode: 'normal', style: '', version: 1 })
const doc = (...children: unknown[]) => ({ root: { ...el, type: 'root', children } })
const paragraph = (...children: unknown[]) => ({ ...el, type: 'paragraph', children })

const richBody = doc(
  { ...el, type: 'heading', tag: 'h2', children: [text('Recital week')] },
  paragraph(text('Please bring '), text('water', 1), text(' and '), text('ballet shoes', 2), text('.')),
  { ...el, type: 'list', listType: 'bullet', tag: 'ul', start: 1, children: [{ ...el, type: 'listitem', value: 1, children: [text('Tights')] }] },
  { ...el, type: 'list', listType: 'number', tag: 'ol', start: 1, children: [{ ...el, type: 'listitem', value: 1, children: [text('Warm up')] }] },
  // Lexical's own link (the console's editor) keeps `url`; it is stored the Payload way.
  paragraph(text('Programme: '), { ...el, type: 'link', url: 'https://academy.example/programme', children: [text('the programme')] }),
)

const send = (subject: string, body: unknown, client = admin) =>
  client.post('/api/admin/messages', { subject, body, audience: { kind: 'classes', classIds: [cls.id] } })
const messageCount = async () => (await app.payload.count({ collection: 'messages', overrideAccess: true })).totalDocs

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Academy <academy@example.com>' })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  cls = await addClass(app, { name: 'Rich Ballet', ageGroup: '6-8' })
  family = await familyIn(app, 'rich-family', [cls.id], 'Rae Rich')
  teacher = await createTeacher(app, 'rich-teacher')
  await app.payload.update({ collection: 'classes', id: cls.id, data: { teacher: teacher.userId }, overrideAccess: true })
}, 120_000)

afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

describe('a rich-text announcement', () => {
  it('is stored as Lexical JSON, emailed with its formatting in HTML and as plain text, and read formatted in the inbox', async () => {
    const res = await send('Rich recital', richBody)
    expect(res.status).toBe(201)
    const stored = await app.payload.findByID({ collection: 'messages', id: res.body.id, overrideAccess: true, depth: 0 })
    const root = (stored.body as { root: { children: { type: string; children?: { type: string; fields?: unknown }[] }[] } }).root
    expect(root.children.map((node) => node.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'paragraph'])
    expect(root.children[4]!.children![1]).toMatchObject({ type: 'link', fields: { url: 'https://academy.example/programme', linkType: 'custom' } })

    const mail = await smtp.waitFor((m) => m.to.includes(family.email) && m.subject === 'Rich recital')
    expect(mail.html).toContain('>Recital week</h2>')
    expect(mail.html).toContain('Please bring <strong>water</strong> and <em>ballet shoes</em>.')
    expect(mail.html).toMatch(/<ul[^>]*><li[^>]*>Tights<\/li><\/ul>/)
    expect(mail.html).toMatch(/<ol[^>]*><li[^>]*>Warm up<\/li><\/ol>/)
    expect(mail.html).toContain('<a href="https://academy.example/programme" style="color:#6d28d9">the programme</a>')
    expect(mail.text).toContain(
      'Recital week\n\nPlease bring water and ballet shoes.\n\n- Tights\n\n1. Warm up\n\nProgramme: the programme (https://academy.example/programme)',
    )
    expect(mail.text).not.toMatch(/<strong>|<em>|\{"root"/)

    const [item] = (await family.client.get('/api/messages')).body as { subject: string; body: string; bodyRich: typeof richBody }[]
    expect(item).toMatchObject({ subject: 'Rich recital', body: expect.stringContaining('Please bring water and ballet shoes.') })
    expect(JSON.stringify(item!.bodyRich)).toContain('"text":"water","format":1')
  })

  it('still takes a plain string body, as paragraphs (older callers, the teacher’s form)', async () => {
    const res = await send('Plain words', 'First paragraph.\n\nSecond line one\nline two.')
    expect(res.status).toBe(201)
    expect(res.body.body).toBe('First paragraph.\n\nSecond line one\nline two.')
    const mail = await smtp.waitFor((m) => m.to.includes(family.email) && m.subject === 'Plain words')
    expect(mail.html).toContain('>First paragraph.</p>')
    expect(mail.html).toContain('Second line one<br>line two.</p>')
    const byTeacher = await teacher.client.post(`/api/teach/classes/${cls.id}/messages`, { subject: 'From the teacher', body: 'Bring *nothing*.' })
    expect(byTeacher.status).toBe(201)
    expect(byTeacher.body.body).toBe('Bring *nothing*.')
  })
})

describe('a hostile body', () => {
  it('has script tags kept as text: escaped in the email, never markup', async () => {
    const res = await send('Hostile text', doc(paragraph(text('<script>alert(1)</script><img src=x onerror=alert(2)>', 1))))
    expect(res.status).toBe(201)
    const mail = await smtp.waitFor((m) => m.to.includes(family.email) && m.subject === 'Hostile text')
    expect(mail.html).not.toMatch(/<script|<img/i)
    expect(mail.html).toContain('<strong>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</strong>')
  })

  it('drops styles and unknown attributes when it rebuilds the document', async () => {
    const styled = doc({ ...paragraph({ ...text('Red', 1), style: 'color:red;background:url(javascript:alert(1))' }), onclick: 'alert(1)' })
    const res = await send('Styled', styled)
    expect(res.status).toBe(201)
    const stored = await app.payload.findByID({ collection: 'messages', id: res.body.id, overrideAccess: true, depth: 0 })
    expect(JSON.stringify(stored.body)).not.toMatch(/javascript|onclick|color:red/)
  })

  it('refuses javascript: and data: links, unknown node types, no root, an empty body and an oversize one, storing nothing', async () => {
    const before = await messageCount()
    const refused: [unknown, string][] = [
      [doc(paragraph({ ...el, type: 'link', url: 'javascript:alert(1)', children: [text('click')] })), MESSAGE_TEXTS.linkInvalid],
      [doc(paragraph({ ...el, type: 'link', fields: { url: ' JavaScript:alert(1)', linkType: 'custom' }, children: [text('x')] })), MESSAGE_TEXTS.linkInvalid],
      [doc(paragraph({ ...el, type: 'autolink', url: 'data:text/html,<script>1</script>', children: [text('x')] })), MESSAGE_TEXTS.linkInvalid],
      [doc(paragraph(text('ok')), { type: 'html', html: '<script>alert(1)</script>', version: 1 }), MESSAGE_TEXTS.bodyInvalid],
      [doc(paragraph({ type: 'upload', value: 1, version: 1 })), MESSAGE_TEXTS.bodyInvalid],
      [doc({ ...el, type: 'heading', tag: 'script', children: [text('x')] }), MESSAGE_TEXTS.bodyInvalid],
      [{ children: [paragraph(text('no root'))] }, MESSAGE_TEXTS.bodyInvalid],
      [{ root: { type: 'paragraph', children: [] } }, MESSAGE_TEXTS.bodyInvalid],
      [doc(paragraph(text('   ')), paragraph()), MESSAGE_TEXTS.bodyRequired],
      [doc(), MESSAGE_TEXTS.bodyRequired],
      ['   ', MESSAGE_TEXTS.bodyRequired],
      [doc(paragraph(text('a'.repeat(20_001)))), MESSAGE_TEXTS.bodyTooLong],
      [doc(paragraph(text('a'.repeat(100_001)))), MESSAGE_TEXTS.bodyTooLarge],
      [doc(...Array.from({ length: 400 }, () => paragraph(text('a'.repeat(60))))), MESSAGE_TEXTS.bodyTooLong],
      [doc(...Array.from({ length: 6000 }, () => paragraph())), MESSAGE_TEXTS.bodyTooLarge],
    ]
    for (const [body, message] of refused) {
      const res = await send('Refused', body)
      expect([res.status, res.body.message]).toEqual([400, message])
    }
    // Nested lists past the depth limit.
    let deep: unknown = text('deep')
    for (let level = 0; level < 20; level++)
      deep = { ...el, type: 'list', listType: 'bullet', tag: 'ul', start: 1, children: [{ ...el, type: 'listitem', value: 1, children: [deep] }] }
    expect((await send('Refused', doc(deep))).body.message).toBe(MESSAGE_TEXTS.bodyTooLarge)
    expect(await messageCount()).toBe(before)
  })
})

describe('a body written in /cms', () => {
  const cmsCreate = async (body: unknown) =>
    cmsRest(app, 'POST', '/messages', {
      cookie: await sessionCookie(app, ADMIN.username, ADMIN.password),
      body: { subject: 'Written in /cms', body, category: 'announcements', audience: { kind: 'everyone' }, status: 'draft' },
    })

  it('is checked as the API checks it: an unsafe link or an unknown node is refused with the same words', async () => {
    const before = await messageCount()
    const link = await cmsCreate(doc(paragraph({ ...el, type: 'link', fields: { url: 'javascript:alert(1)', linkType: 'custom' }, children: [text('x')] })))
    expect(link.status).toBe(400)
    expect(JSON.stringify(link.body)).toContain(MESSAGE_TEXTS.linkInvalid)
    const html = await cmsCreate(doc(paragraph(text('ok')), { type: 'html', html: '<script>alert(1)</script>', version: 1 }))
    expect(html.status).toBe(400)
    expect(JSON.stringify(html.body)).toContain(MESSAGE_TEXTS.bodyInvalid)
    expect(await messageCount()).toBe(before)

    const fine = await cmsCreate(richBody)
    expect(fine.status, JSON.stringify(fine.body)).toBe(201)
    // Another field changed later: the body, unchanged, is not judged again.
    const id = fine.body.doc.id as number
    const renamed = await cmsRest(app, 'PATCH', `/messages/${id}`, {
      cookie: await sessionCookie(app, ADMIN.username, ADMIN.password),
      body: { subject: 'Renamed' },
    })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
  })
})

describe('who may send', () => {
  it('refuses a family and a teacher on the console’s endpoint, as before', async () => {
    const before = await messageCount()
    expect((await send('Not theirs', richBody, family.client)).status).toBe(403)
    expect((await send('Not theirs', richBody, teacher.client)).status).toBe(403)
    expect((await send('Not theirs', richBody, new ApiClient(app.url))).status).toBe(401)
    expect(await messageCount()).toBe(before)
  })
})
