import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { POLICY_MESSAGES, policiesNeededMessage, signingPath, withdrawWhileEnrolledMessage } from '#api/policies/schemas'
import { addDays, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { addPolicy, changeWords } from '#tests/support/policies'

/**
 * Policies and waivers (issue 26): versions published from /cms, who a document applies to,
 * signing (consent first, the current version, the choices offered), and the server refusing to
 * enroll while a required document is unsigned at its current version.
 */
let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let family: Family
let other: Family
let ballet: { id: number; name: string }
let teens: { id: number; name: string }
let pointe: { id: number; name: string }
let mia: number
let leo: number
let teen: number
let waiver: { id: number; versionId: number }

async function signatures(): Promise<string> {
  const rows = await app.payload.find({ collection: 'policy-signatures', overrideAccess: true, limit: 0, pagination: false, depth: 0, sort: 'id' })
  return JSON.stringify(rows.docs)
}

const sign = (who: Family, documentId: number, body: object) => who.client.post(`/api/policies/${documentId}/sign`, { fullName: who.fullName, ...body })
const enroll = (who: Family, studentId: number, classId: number) => who.client.post('/api/enrollments', { studentId, classId })

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  family = await createFamily(app, 'policy-family')
  other = await createFamily(app, 'policy-other')
  ballet = await addClass(app, { name: 'Policy Ballet', ageGroup: '6-8' })
  pointe = await addClass(app, { name: 'Policy Pointe', ageGroup: '6-8' })
  teens = await addClass(app, { name: 'Policy Teens', ageGroup: '13-17' })
  mia = await addStudent(app, family.userId, 'Mia Policy', 7)
  leo = await addStudent(app, family.userId, 'Leo Policy', 7)
  teen = await addStudent(app, family.userId, 'Tess Policy', 14)
})

afterAll(async () => {
  await app?.close()
})

describe('no document, no gate', () => {
  it('enrolls freely while no document exists', async () => {
    expect((await enroll(family, leo, pointe.id)).status).toBe(201)
  })
})

describe('publishing versions', () => {
  it('keeps the first version word for word with the SHA-256 of its text, and publishes only when the words change', async () => {
    waiver = await addPolicy(app, { title: 'Liability waiver', paragraphs: ['Dance is a physical activity.', 'The family accepts its risks.'] })
    const version = await app.payload.findByID({ collection: 'policy-versions', id: waiver.versionId, depth: 0, overrideAccess: true })
    expect(version).toMatchObject({ number: 1, title: 'Liability waiver', requiresResignature: true })
    expect(version.text).toBe('Liability waiver\n\nDance is a physical activity.\n\nThe family accepts its risks.')
    expect(version.sha256).toBe(createHash('sha256').update(version.text, 'utf8').digest('hex'))

    await app.payload.update({ collection: 'policy-documents', id: waiver.id, data: { required: true }, overrideAccess: true })
    expect((await app.payload.count({ collection: 'policy-versions', where: { document: { equals: waiver.id } }, overrideAccess: true })).totalDocs).toBe(1)
  })
})

describe('signing and enrolling', () => {
  it('refuses to enroll while the waiver is unsigned, naming it and where to sign, and changes nothing', async () => {
    const before = await signatures()
    const refused = await enroll(family, mia, ballet.id)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(policiesNeededMessage('Mia Policy', ['Liability waiver'], mia))
    expect(refused.body.message).toContain(signingPath(mia))
    expect((await app.payload.count({ collection: 'enrollments', where: { student: { equals: mia } }, overrideAccess: true })).totalDocs).toBe(0)
    expect(await signatures()).toBe(before)
    // The office is exempt, as with the emergency contact.
    const byAdmin = await admin.post('/api/enrollments', { studentId: teen, classId: teens.id })
    expect(byAdmin.status).toBe(201)
  })

  it('lists what the student still needs', async () => {
    const required = await family.client.get(`/api/policies/required?studentId=${mia}`)
    expect(required.status).toBe(200)
    expect(required.body).toMatchObject({ studentId: mia, studentName: 'Mia Policy', consentGiven: false })
    expect(required.body.documents).toEqual([
      expect.objectContaining({ documentId: waiver.id, title: 'Liability waiver', required: true, status: 'unsigned', blocking: true, signature: null }),
    ])
    expect(required.body.documents[0].version).toMatchObject({ id: waiver.versionId, number: 1 })
  })

  it('asks for the e-sign consent first, refuses bad input and an old version, changing nothing', async () => {
    const before = await signatures()
    expect((await sign(family, waiver.id, { studentId: mia, versionId: waiver.versionId })).body.message).toBe(POLICY_MESSAGES.consentFirst)
    expect((await family.client.post('/api/policies/consent', { fullName: '' })).status).toBe(400)
    for (const body of [{ studentId: mia, versionId: waiver.versionId, fullName: '  ' }, { studentId: mia }, { versionId: waiver.versionId }]) {
      expect((await family.client.post(`/api/policies/${waiver.id}/sign`, { fullName: 'Pat Policy', ...body })).status).toBe(400)
    }
    expect((await sign(family, waiver.id, { studentId: mia, versionId: waiver.versionId, choices: ['Anything'] })).status).toBe(400)
    expect((await sign(family, 999999, { studentId: mia, versionId: waiver.versionId })).status).toBe(404)
    expect(await signatures()).toBe(before)
  })

  it('records the consent once, then the signature with the version, its hash, the name and the address, and enrolls', async () => {
    const consent = await family.client.post('/api/policies/consent', { fullName: 'Pat Policy' })
    expect(consent.status).toBe(201)
    expect(consent.body).toMatchObject({ kind: 'e-sign-consent', fullName: 'Pat Policy' })
    expect((await family.client.post('/api/policies/consent', { fullName: 'Pat Policy' })).body.id).toBe(consent.body.id)

    const signed = await sign(family, waiver.id, { studentId: mia, versionId: waiver.versionId, fullName: 'Pat Policy' })
    expect(signed.status).toBe(201)
    const row = await app.payload.findByID({ collection: 'policy-signatures', id: signed.body.id, depth: 0, overrideAccess: true })
    const version = await app.payload.findByID({ collection: 'policy-versions', id: waiver.versionId, depth: 0, overrideAccess: true })
    expect(row).toMatchObject({ kind: 'sign', user: family.userId, student: mia, version: waiver.versionId, versionNumber: 1, fullName: 'Pat Policy' })
    expect(row.sha256).toBe(createHash('sha256').update(version.text, 'utf8').digest('hex'))
    expect(row.clientAddress).toMatch(/^(127\.0\.0\.1|::1)$/)
    expect((await enroll(family, mia, ballet.id)).status).toBe(201)
  })

  it('answers another family 404 and a visitor 401, changing nothing', async () => {
    const before = await signatures()
    expect((await other.client.get(`/api/policies/required?studentId=${mia}`)).status).toBe(404)
    await other.client.post('/api/policies/consent', { fullName: 'Other Parent' })
    expect((await sign(other, waiver.id, { studentId: mia, versionId: waiver.versionId })).status).toBe(404)
    expect((await other.client.post(`/api/policies/${waiver.id}/withdraw`, { studentId: mia })).status).toBe(404)
    expect((await visitor.get(`/api/policies/required?studentId=${mia}`)).status).toBe(401)
    expect((await visitor.post(`/api/policies/${waiver.id}/sign`, { studentId: mia, versionId: waiver.versionId, fullName: 'X' })).status).toBe(401)
    const after = JSON.parse(await signatures()) as Array<{ kind: string; user: number }>
    expect(after.filter((row) => row.user !== other.userId)).toEqual(JSON.parse(before))
  })

  it('refuses to withdraw a waiver while the student is enrolled', async () => {
    const refused = await family.client.post(`/api/policies/${waiver.id}/withdraw`, { studentId: mia })
    expect([refused.status, refused.body.message]).toEqual([409, withdrawWhileEnrolledMessage('Liability waiver', 'Mia Policy')])
    // The family's page says so beside the signature, rather than offering a withdrawal the server refuses.
    const documents = (await family.client.get(`/api/policies/required?studentId=${mia}`)).body.documents
    expect(documents.find((doc: { documentId: number }) => doc.documentId === waiver.id)).toMatchObject({
      status: 'signed',
      withdrawRefusal: withdrawWhileEnrolledMessage('Liability waiver', 'Mia Policy'),
    })
    // Nothing signed, nothing to withdraw: no reason is given.
    const leos = (await family.client.get(`/api/policies/required?studentId=${leo}`)).body.documents
    expect(leos.find((doc: { documentId: number }) => doc.documentId === waiver.id)).toMatchObject({ signature: null, withdrawRefusal: null })
  })

  it('lets a waiver go once the student dances nowhere, and the page offers it then', async () => {
    const [enrollment] = (await app.payload.find({ collection: 'enrollments', where: { student: { equals: mia } }, depth: 0, limit: 1, overrideAccess: true }))
      .docs
    await app.payload.delete({ collection: 'enrollments', id: enrollment!.id, overrideAccess: true })
    const documents = (await family.client.get(`/api/policies/required?studentId=${mia}`)).body.documents
    expect(documents.find((doc: { documentId: number }) => doc.documentId === waiver.id)).toMatchObject({ status: 'signed', withdrawRefusal: null })
    const withdrawn = await family.client.post(`/api/policies/${waiver.id}/withdraw`, { studentId: mia })
    expect([withdrawn.status, withdrawn.body.kind]).toEqual([201, 'withdraw'])
    expect(
      (await family.client.get(`/api/policies/required?studentId=${mia}`)).body.documents.find((doc: { documentId: number }) => doc.documentId === waiver.id),
    ).toMatchObject({
      status: 'withdrawn',
      signature: null,
      withdrawRefusal: null,
    })
    // Signed again and enrolled again, as the rest of this file expects.
    expect((await sign(family, waiver.id, { studentId: mia, versionId: waiver.versionId, fullName: 'Pat Policy' })).status).toBe(201)
    expect((await enroll(family, mia, ballet.id)).status).toBe(201)
  })
})

describe('new versions', () => {
  it('keeps old signatures valid when the change needs no new signature', async () => {
    const v2 = await changeWords(app, waiver.id, ['Dance is a physical activity.', 'The family accepts its risks, as explained.'], { needsSignature: false })
    expect(v2).not.toBe(waiver.versionId)
    const required = await family.client.get(`/api/policies/required?studentId=${mia}`)
    expect(required.body.documents[0]).toMatchObject({ status: 'signed', blocking: false, version: { number: 2 } })
    expect((await enroll(family, mia, pointe.id)).status).toBe(201)
    // The old version is kept word for word.
    expect((await app.payload.findByID({ collection: 'policy-versions', id: waiver.versionId, depth: 0, overrideAccess: true })).text).toContain(
      'accepts its risks.',
    )
    // Signing needs the current version.
    const stale = await sign(family, waiver.id, { studentId: mia, versionId: waiver.versionId })
    expect([stale.status, stale.body.message]).toEqual([409, POLICY_MESSAGES.versionChanged])
  })

  it('asks again when the change needs a new signature: allowed until the re-sign-by day, refused after it', async () => {
    const withDate = await changeWords(app, waiver.id, ['Version three.'], { needsSignature: true, resignBy: addDays(todayIso(), 7) })
    const required = await family.client.get(`/api/policies/required?studentId=${mia}`)
    expect(required.body.documents[0]).toMatchObject({ status: 'resign', blocking: false, version: { id: withDate, number: 3 } })
    // What changed since the version signed (1; version 2 asked for no signature), paragraph by paragraph.
    const { changes } = required.body.documents[0]
    expect(changes.sinceVersion).toBe(1)
    expect(changes.paragraphs).toContainEqual({ kind: 'added', text: 'Version three.' })
    expect(changes.paragraphs.filter((p: { kind: string }) => p.kind === 'removed').length).toBeGreaterThan(0)
    const ballet2 = await addClass(app, { name: 'Policy Ballet Two', ageGroup: '6-8' })
    expect((await enroll(family, mia, ballet2.id)).status).toBe(201)

    const now = await changeWords(app, waiver.id, ['Version four.'], { needsSignature: true, resignBy: null })
    const refused = await enroll(family, mia, (await addClass(app, { ageGroup: '6-8' })).id)
    expect([refused.status, refused.body.message]).toEqual([409, policiesNeededMessage('Mia Policy', ['Liability waiver'], mia)])
    expect((await sign(family, waiver.id, { studentId: mia, versionId: now })).status).toBe(201)
    expect((await family.client.get(`/api/policies/required?studentId=${mia}`)).body.documents[0]).toMatchObject({
      status: 'signed',
      blocking: false,
      changes: null,
    })
  })
})

describe('to whom a document applies', () => {
  it('a document of some classes gates those classes only', async () => {
    const pointeRules = await addPolicy(app, { title: 'Pointe shoes policy', appliesTo: 'classes', classes: [ballet.id] })
    await app.payload.update({ collection: 'policy-documents', id: waiver.id, data: { required: false }, overrideAccess: true })
    const fresh = await addStudent(app, family.userId, 'Fay Policy', 7)
    expect((await enroll(family, fresh, pointe.id)).status).toBe(201)
    expect((await enroll(family, fresh, ballet.id)).body.message).toBe(policiesNeededMessage('Fay Policy', ['Pointe shoes policy'], fresh))
    // Signed before joining, for the class being joined (as the signing page sends it).
    expect((await sign(family, pointeRules.id, { studentId: fresh, versionId: pointeRules.versionId, classIds: [ballet.id] })).status).toBe(201)
    expect((await enroll(family, fresh, ballet.id)).status).toBe(201)
    await app.payload.update({ collection: 'policy-documents', id: pointeRules.id, data: { required: false }, overrideAccess: true })
  })

  it('a document of some age groups gates the students of that age only', async () => {
    const teenRules = await addPolicy(app, { title: 'Teen code of conduct', kind: 'code-of-conduct', appliesTo: 'age-groups', ageGroups: ['13-17'] })
    const teenClass2 = await addClass(app, { name: 'Policy Teens Two', ageGroup: '13-17' })
    expect((await enroll(family, teen, teenClass2.id)).body.message).toBe(policiesNeededMessage('Tess Policy', ['Teen code of conduct'], teen))
    expect((await family.client.get(`/api/policies/required?studentId=${leo}`)).body.documents.map((d: { title: string }) => d.title)).not.toContain(
      'Teen code of conduct',
    )
    expect((await sign(family, teenRules.id, { studentId: teen, versionId: teenRules.versionId })).status).toBe(201)
    expect((await enroll(family, teen, teenClass2.id)).status).toBe(201)
    await app.payload.update({ collection: 'policy-documents', id: teenRules.id, data: { required: false }, overrideAccess: true })
  })

  it('refuses to sign a document for a student it does not apply to, recording nothing', async () => {
    const older = await addPolicy(app, { title: 'Senior studio rules', required: false, appliesTo: 'age-groups', ageGroups: ['13-17'] })
    const barre = await addPolicy(app, { title: 'Barre class rules', required: false, appliesTo: 'classes', classes: [teens.id] })
    const before = await signatures()
    const tooYoung = await sign(family, older.id, { studentId: leo, versionId: older.versionId })
    expect(tooYoung).toMatchObject({ status: 409, body: { message: POLICY_MESSAGES.notApplicable } })
    // Leo is in Pointe, not in the class this document is for, and is not joining it.
    const notInClass = await sign(family, barre.id, { studentId: leo, versionId: barre.versionId, classIds: [pointe.id] })
    expect(notInClass).toMatchObject({ status: 409, body: { message: POLICY_MESSAGES.notApplicable } })
    expect(await signatures()).toBe(before)
    // The student it applies to signs it; a class's document is signed by a student joining the class.
    expect((await sign(family, older.id, { studentId: teen, versionId: older.versionId })).status).toBe(201)
    expect((await sign(family, barre.id, { studentId: leo, versionId: barre.versionId, classIds: [teens.id] })).status).toBe(201)
  })

  it('a household document is signed once, for every child of the family', async () => {
    const tuition = await addPolicy(app, { title: 'Tuition and refund policy', kind: 'tuition-and-refund', appliesTo: 'household' })
    const [a, b] = [await addStudent(app, family.userId, 'Ana Policy', 7), await addStudent(app, family.userId, 'Ben Policy', 7)]
    expect((await enroll(family, a, pointe.id)).status).toBe(409)
    const signed = await family.client.post(`/api/policies/${tuition.id}/sign`, { fullName: 'Pat Policy', versionId: tuition.versionId })
    expect(signed.status).toBe(201)
    expect(signed.body.studentId).toBeNull()
    expect((await enroll(family, a, pointe.id)).status).toBe(201)
    expect((await enroll(family, b, pointe.id)).status).toBe(201)
    // Another household has not signed it.
    const otherChild = await addStudent(app, other.userId, 'Oli Other', 7)
    expect((await enroll(other, otherChild, pointe.id)).body.message).toBe(policiesNeededMessage('Oli Other', ['Tuition and refund policy'], otherChild))
    // A second guardian of that household (decisions §23) signs it for the household: the first guardian's child may enroll,
    // and both guardians read the signature.
    const partner = await createFamily(app, 'policy-partner')
    await app.payload.update({ collection: 'users', id: partner.userId, data: { household: other.userId }, overrideAccess: true })
    expect((await partner.client.post('/api/policies/consent', { fullName: partner.fullName })).status).toBe(201)
    const byPartner = await sign(partner, tuition.id, { versionId: tuition.versionId })
    expect(byPartner.status).toBe(201)
    expect((await enroll(other, otherChild, pointe.id)).status).toBe(201)
    expect((await other.client.get(`/api/policies/signatures/${byPartner.body.id}.pdf`)).status).toBe(200)
    expect((await family.client.get(`/api/policies/signatures/${byPartner.body.id}.pdf`)).status).toBe(404)
    await app.payload.update({ collection: 'policy-documents', id: tuition.id, data: { required: false }, overrideAccess: true })
  })
})
