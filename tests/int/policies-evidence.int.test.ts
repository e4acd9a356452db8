import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { policiesNeededMessage } from '#api/policies/schemas'
import { addDays, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { cmsRest, sessionCookie } from '#tests/support/cms-rest'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { pdfText } from '#tests/support/pdf'
import { addPolicy } from '#tests/support/policies'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * Policies and waivers (issue 26), the evidence: a signature nobody edits through /cms-api, the
 * signed copy as a PDF (mailed and downloadable), the photo release on the roster and its
 * withdrawal, and the gate on accepting a waitlist offer and booking a makeup.
 */
type Smtp = Awaited<ReturnType<typeof startSmtpListener>>
let smtp: Smtp
let app: TestApp
let admin: ApiClient
let family: Family
let other: Family
let today: string
let main: { id: number; name: string }
let second: { id: number; name: string }
let ava: number
let waiver: { id: number; versionId: number }
let photos: { id: number; versionId: number }
let signatureId: number
let photoSignatureId: number

const PHOTO_OPTIONS = ['May be photographed', 'Not on social media', 'Never']

async function signatures(): Promise<string> {
  const rows = await app.payload.find({ collection: 'policy-signatures', overrideAccess: true, limit: 0, pagination: false, depth: 0, sort: 'id' })
  return JSON.stringify(rows.docs)
}

async function download(client: ApiClient | null, id: number): Promise<{ status: number; bytes: Uint8Array; type: string | null }> {
  const response = await fetch(`${app.url}/api/policies/signatures/${id}.pdf`, {
    headers: { origin: app.url, ...(client ? { cookie: client.sessionCookie } : {}) },
  })
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()), type: response.headers.get('content-type') }
}

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'evidence-family')
  other = await createFamily(app, 'evidence-other')
  today = todayIso()
  main = await addClass(app, { name: 'Evidence Main', ageGroup: '6-8' })
  second = await addClass(app, { name: 'Evidence Second', ageGroup: '6-8', capacity: 1 })
  for (const cls of [main, second]) await app.payload.update({ collection: 'classes', id: cls.id, data: { days: 'Daily' }, overrideAccess: true })
  ava = await addStudent(app, family.userId, 'Ava Evidence', 7)
  // Enrolled before the policies existed: the gate is on what comes next.
  await app.payload.create({ collection: 'enrollments', data: { student: ava, class: main.id, enrollmentDate: addDays(today, -30) }, overrideAccess: true })
  waiver = await addPolicy(app, { title: 'Evidence waiver', paragraphs: ['Ballet is a physical activity.', 'Accidents happen – we take care.'] })
  photos = await addPolicy(app, { title: 'Photo release', kind: 'photo-release', required: false, options: PHOTO_OPTIONS })
  await family.client.post('/api/policies/consent', { fullName: 'Evi Dence' })
})

afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

describe('the gate on other ways into a class', () => {
  it('refuses to accept a waitlist offer until the waiver is signed, keeping the offer', async () => {
    const sitter = await addStudent(app, other.userId, 'Sam Sitter', 7)
    const held = await admin.post('/api/enrollments', { studentId: sitter, classId: second.id })
    expect(held.status).toBe(201)
    const entry = await family.client.post('/api/waitlist', { studentId: ava, classId: second.id })
    expect(entry.status).toBe(201)
    expect((await admin.delete(`/api/enrollments/${held.body.id}`)).status).toBe(200)
    const refused = await family.client.post(`/api/waitlist/${entry.body.id}/accept`)
    expect([refused.status, refused.body.message]).toEqual([409, policiesNeededMessage('Ava Evidence', ['Evidence waiver'], ava)])
    expect((await app.payload.findByID({ collection: 'waitlist-entries', id: entry.body.id, depth: 0, overrideAccess: true })).status).toBe('offered')

    const signed = await family.client.post(`/api/policies/${waiver.id}/sign`, { studentId: ava, versionId: waiver.versionId, fullName: 'Evi Dence' })
    expect(signed.status).toBe(201)
    signatureId = signed.body.id
    expect((await family.client.post(`/api/waitlist/${entry.body.id}/accept`)).status).toBe(200)
  })

  it('refuses a makeup while a required document is unsigned', async () => {
    await app.payload.update({ collection: 'policy-documents', id: photos.id, data: { required: true }, overrideAccess: true })
    const absence = await family.client.post('/api/absences', { studentId: ava, classId: main.id, date: addDays(today, 5) })
    expect(absence.status).toBe(201)
    const third = await addClass(app, { name: 'Evidence Third', ageGroup: '6-8' })
    await app.payload.update({ collection: 'classes', id: third.id, data: { days: 'Daily' }, overrideAccess: true })
    const book = () => family.client.post('/api/makeups', { absenceId: absence.body.absence.id, classId: third.id, date: addDays(today, 3) })
    const refused = await book()
    expect([refused.status, refused.body.message]).toEqual([409, policiesNeededMessage('Ava Evidence', ['Photo release'], ava)])
    const none = await family.client.post(`/api/policies/${photos.id}/sign`, { studentId: ava, versionId: photos.versionId, fullName: 'Evi Dence' })
    expect(none.status).toBe(400)
    const signed = await family.client.post(`/api/policies/${photos.id}/sign`, {
      studentId: ava,
      versionId: photos.versionId,
      fullName: 'Evi Dence',
      choices: ['Not on social media'],
    })
    expect(signed.status).toBe(201)
    photoSignatureId = signed.body.id
    expect((await book()).status).toBe(201)
    await app.payload.update({ collection: 'policy-documents', id: photos.id, data: { required: false }, overrideAccess: true })
  })
})

describe('the signed copy', () => {
  it("keeps the signer's and the child's names in any script, as the record keeps them", async () => {
    const name = 'Nguyễn Thị Łucja 王芳'
    const signer = await createFamily(app, 'evidence-script')
    const child = await addStudent(app, signer.userId, '김지우 Zoë Kowalczyk', 7)
    const consent = await signer.client.post('/api/policies/consent', { fullName: name })
    expect(consent.status, JSON.stringify(consent.body)).toBeLessThan(300)
    const signed = await signer.client.post(`/api/policies/${waiver.id}/sign`, { studentId: child, versionId: waiver.versionId, fullName: name })
    expect(signed.status, JSON.stringify(signed.body)).toBe(201)
    const row = await app.payload.findByID({ collection: 'policy-signatures', id: signed.body.id, depth: 0, overrideAccess: true })
    expect(row.fullName).toBe(name)
    const copy = await download(signer.client, signed.body.id)
    expect(copy.status).toBe(200)
    const text = (await pdfText(copy.bytes)).replace(/\s+/g, ' ')
    expect(text).toContain(`Signed by: ${name} (typed full name)`)
    expect(text).toContain('For: 김지우 Zoë Kowalczyk')
  })

  it('is a PDF with the text, the signature block, the choices and the audit data, for the household and administrators', async () => {
    const own = await download(family.client, signatureId)
    expect([own.status, own.type]).toEqual([200, 'application/pdf'])
    const text = (await pdfText(own.bytes)).replace(/\s+/g, ' ')
    const row = await app.payload.findByID({ collection: 'policy-signatures', id: signatureId, depth: 0, overrideAccess: true })
    for (const part of [
      'Evidence waiver - version 1',
      'Ballet is a physical activity.',
      'Accidents happen – we take care.',
      'Signed by: Evi Dence',
      'For: Ava Evidence',
    ]) {
      expect(text).toContain(part)
    }
    expect(text).toContain(`Client address: ${row.clientAddress}`)
    expect(text).toContain(`SHA-256 of the text: ${row.sha256}`)
    expect(text).toContain(family.email)
    const release = (await pdfText((await download(family.client, photoSignatureId)).bytes)).replace(/\s+/g, ' ')
    expect(release).toContain('Choices: Not on social media')
    expect((await download(admin, signatureId)).status).toBe(200)
    expect((await download(other.client, signatureId)).status).toBe(404)
    expect((await download(null, signatureId)).status).toBe(401)
  })

  it('is mailed to the guardian as an attachment', async () => {
    const mail = await smtp.waitFor((m) => m.to.includes(family.email) && m.subject === 'Signed: Evidence waiver')
    expect(mail.raw).toContain('application/pdf')
    expect(mail.raw).toContain(`signed-policy-${signatureId}.pdf`)
  })
})

describe('the photo release', () => {
  it('shows the signed choice on the roster, and a withdrawal at any time', async () => {
    const roster = async () =>
      (await admin.get(`/api/teach/classes/${main.id}/roster?date=${today}`)).body.students.find((s: { studentId: number }) => s.studentId === ava).care
    expect((await roster()).photoRelease).toBe('Not on social media')
    // The family's page offers it, the child in class or not: no reason stands in the way.
    const page = (await family.client.get(`/api/policies/required?studentId=${ava}`)).body.documents
    expect(page.find((doc: { documentId: number }) => doc.documentId === photos.id)).toMatchObject({ status: 'signed', withdrawRefusal: null })
    const withdrawn = await family.client.post(`/api/policies/${photos.id}/withdraw`, { studentId: ava })
    expect(withdrawn.status).toBe(201)
    expect(withdrawn.body).toMatchObject({ kind: 'withdraw', documentId: photos.id, studentId: ava })
    expect((await roster()).photoRelease).toBe('Withdrawn')
  })
})

describe('the compliance view', () => {
  it('lists who signed which version and who has not, by class, as CSV, reminds the families that have not, and shows one signature’s evidence', async () => {
    const late = await addStudent(app, other.userId, 'Lou Late', 7)
    await app.payload.create({ collection: 'enrollments', data: { student: late, class: second.id, enrollmentDate: today }, overrideAccess: true })
    const view = await admin.get(`/api/admin/policies/${waiver.id}/compliance`)
    expect(view.status).toBe(200)
    const rowOf = (rows: Array<{ studentId: number }>, id: number) => rows.find((r) => r.studentId === id)
    expect(rowOf(view.body.rows, ava)).toMatchObject({ status: 'signed', versionNumber: 1, signatureId, signedBy: 'Evi Dence', familyEmail: family.email })
    expect(rowOf(view.body.rows, late)).toMatchObject({ status: 'unsigned', signatureId: null })
    const byClass = await admin.get(`/api/admin/policies/${waiver.id}/compliance?classId=${main.id}`)
    expect(byClass.body.rows.map((r: { studentId: number }) => r.studentId)).toEqual([ava])

    const csv = await admin.get(`/api/admin/policies/${waiver.id}/compliance.csv`)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.body).toContain('Ava Evidence')
    expect(csv.body).toContain('Lou Late')

    const reminded = await admin.post(`/api/admin/policies/${waiver.id}/remind`)
    type Row = { status: string; familyId: number; familyEmail: string }
    const unsignedFamilies = new Set((view.body.rows as Row[]).filter((r) => r.status !== 'signed' && r.familyEmail).map((r) => r.familyId))
    expect(unsignedFamilies.has(other.userId)).toBe(true)
    expect(unsignedFamilies.has(family.userId)).toBe(false)
    expect(reminded.body).toEqual({ reminded: unsignedFamilies.size })
    const notice = await smtp.waitFor((m) => m.to.includes(other.email) && m.subject === 'Please sign: Evidence waiver')
    expect(notice.text).toContain(`/policies?studentId=${late}`)

    const evidence = await admin.get(`/api/admin/policies/signatures/${signatureId}`)
    expect(evidence.body).toMatchObject({
      id: signatureId,
      fullName: 'Evi Dence',
      studentName: 'Ava Evidence',
      hashMatches: true,
      guardian: { id: family.userId },
    })
    expect(evidence.body.version.text).toContain('Ballet is a physical activity.')
    for (const path of [`/api/admin/policies/${waiver.id}/compliance`, `/api/admin/policies/signatures/${signatureId}`]) {
      expect((await family.client.get(path)).status).toBe(403)
    }
    expect((await admin.get('/api/admin/policies/999999/compliance')).status).toBe(404)
  })
})

describe('/cms-api', () => {
  it('lets nobody create, edit or delete a signature, and a family read only its own', async () => {
    const before = await signatures()
    const familyCookie = await sessionCookie(app, family.username, 'a-long-test-password')
    const adminCookie = await sessionCookie(app, ADMIN.username, ADMIN.password)
    const forged = {
      kind: 'sign',
      user: family.userId,
      student: ava,
      document: waiver.id,
      sha256: 'x',
      fullName: 'Forged',
      signedAt: new Date().toISOString(),
      clientAddress: '1.2.3.4',
    }
    for (const cookie of [familyCookie, adminCookie]) {
      expect((await cmsRest(app, 'POST', '/policy-signatures', { cookie, body: forged })).status).toBe(403)
      expect((await cmsRest(app, 'PATCH', `/policy-signatures/${signatureId}`, { cookie, body: { fullName: 'Changed' } })).status).toBe(403)
      expect((await cmsRest(app, 'DELETE', `/policy-signatures/${signatureId}`, { cookie })).status).toBe(403)
      expect((await cmsRest(app, 'PATCH', `/policy-versions/${waiver.versionId}`, { cookie, body: { text: 'Other words' } })).status).toBe(403)
    }
    const otherCookie = await sessionCookie(app, other.username, 'a-long-test-password')
    expect((await cmsRest(app, 'GET', `/policy-signatures/${signatureId}`, { cookie: otherCookie })).status).toBe(404)
    expect((await cmsRest(app, 'GET', `/policy-signatures/${signatureId}`, { cookie: familyCookie })).status).toBe(200)
    expect(await signatures()).toBe(before)
  })
})
