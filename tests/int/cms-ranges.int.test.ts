import type { CollectionSlug } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ASSESSMENT_MESSAGES } from '#api/levels/assessment.schemas'
import { EXAM_MESSAGES } from '#api/exams/schemas'
import { LEVEL_MESSAGES } from '#api/levels/schemas'
import { POLICY_MESSAGES } from '#api/policies/schemas'
import { STUDENT_MESSAGES } from '#api/students/schemas'
import { DATE_RANGE_MESSAGES } from '#shared/dates'
import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { cmsRest, sessionCookie } from '#tests/support/cms-rest'
import { addClass, CLASS_FIELDS } from '#tests/support/families'
import { lexical } from '#tests/support/policies'
import { uniqueName } from '#tests/support/postgres'

/**
 * The days and ranges /cms and Payload REST store are checked as the contract checks them: a
 * re-sign-by day `2027-13-45` or an age group `8-6` used to be stored and then silently match
 * nothing. A refusal is a 400 with the contract's message that stores nothing; a right value saves.
 */
let app: TestApp
let cookie: string
const ids: Record<string, number> = {}

type Data = Record<string, unknown>
const restMessages = (body: { errors?: Array<{ data?: { errors?: Array<{ message: string }> } }> }) =>
  (body?.errors ?? []).flatMap((e) => (e.data?.errors ?? []).map((inner) => inner.message))

async function rows(collection: CollectionSlug): Promise<string> {
  const found = await app.payload.find({ collection, overrideAccess: true, limit: 0, pagination: false, depth: 0, sort: 'id' })
  return JSON.stringify(found.docs)
}

const policy = (fields: Data): Data => ({ title: 'Ranged waiver', kind: 'waiver', appliesTo: 'every-student', body: lexical('The words.'), ...fields })
const windowOf = (fields: Data): Data => ({ name: 'Spring assessment', opensOn: '2027-03-01', closesOn: '2027-03-31', classes: [ids.cls], ...fields })
const sessionOf = (fields: Data): Data => ({
  syllabus: 'RAD',
  venue: 'Main studio',
  date: '2027-06-10',
  entryDeadline: '2027-05-01',
  fees: [{ level: ids.level, feeCents: 6500 }],
  ...fields,
})

type Case = { name: string; collection: CollectionSlug; row: (fields: Data) => Data; bad: Data; message: string; good: Data }

const dancer = (fields: Data): Data => ({ user: ids.family, fullName: 'Ranged Dancer', dateOfBirth: '2016-04-01', experienceLevel: 'Beginner', ...fields })

const CASES: Case[] = [
  {
    name: 'a date of birth in the future',
    collection: 'students',
    row: dancer,
    bad: { dateOfBirth: '2099-01-01' },
    message: STUDENT_MESSAGES.dateOfBirthFuture,
    good: { dateOfBirth: '2016-04-02' },
  },
  {
    name: 'a date of birth more than 100 years ago',
    collection: 'students',
    row: dancer,
    bad: { dateOfBirth: '1900-01-01' },
    message: STUDENT_MESSAGES.dateOfBirthTooOld,
    good: { dateOfBirth: '2016-04-01T12:00:00.000Z' },
  },
  {
    name: 'a re-sign-by day that is no day',
    collection: 'policy-documents',
    row: policy,
    bad: { resignBy: '2027-13-45' },
    message: POLICY_MESSAGES.resignByInvalid,
    good: { resignBy: '2027-12-31' },
  },
  {
    name: 'a re-sign-by day out of the years',
    collection: 'policy-documents',
    row: policy,
    bad: { resignBy: '1999-12-31' },
    message: DATE_RANGE_MESSAGES.day,
    good: { resignBy: '' },
  },
  {
    name: 'an age group from the older age to the younger',
    collection: 'policy-documents',
    row: policy,
    bad: { appliesTo: 'age-groups', ageGroups: ['6-8', '8-6'] },
    message: POLICY_MESSAGES.ageGroupsInvalid,
    good: { appliesTo: 'age-groups', ageGroups: ['6-8', '18+'] },
  },
  {
    name: 'a class for ages 8-6',
    collection: 'classes',
    row: (fields) => ({ ...CLASS_FIELDS, name: uniqueName('Class'), ...fields }),
    bad: { ageGroup: '8-6' },
    message: 'Age group must look like "6-8" or "18+"',
    good: { ageGroup: '8-8' },
  },
  {
    name: 'an assessment that closes before it opens',
    collection: 'assessment-windows',
    row: windowOf,
    bad: { closesOn: '2027-02-28' },
    message: ASSESSMENT_MESSAGES.closesBeforeOpens,
    good: { closesOn: '2027-03-01' },
  },
  {
    name: 'an exam whose entries close after it',
    collection: 'exam-sessions',
    row: sessionOf,
    bad: { entryDeadline: '2027-06-11' },
    message: EXAM_MESSAGES.deadlineAfterExam,
    good: { entryDeadline: '2027-06-10' },
  },
  {
    name: 'a level’s typical ages from 8 to 6',
    collection: 'levels',
    row: (fields) => ({ name: uniqueName('Level'), order: 90, ...fields }),
    bad: { typicalAgeMin: 8, typicalAgeMax: 6 },
    message: LEVEL_MESSAGES.typicalAgesOrder,
    good: { typicalAgeMin: 6, typicalAgeMax: 8 },
  },
]

beforeAll(async () => {
  app = await startTestApp()
  cookie = await sessionCookie(app, ADMIN.username, ADMIN.password)
  ids.cls = (await addClass(app)).id
  ids.level = (await app.payload.create({ collection: 'levels', overrideAccess: true, data: { name: uniqueName('Level'), order: 80 } })).id as number
  const create = async (collection: CollectionSlug, data: Data) => (await app.payload.create({ collection, data, overrideAccess: true } as never)).id as number
  ids['policy-documents'] = await create('policy-documents', policy({}))
  ids.classes = ids.cls
  ids['assessment-windows'] = await create('assessment-windows', windowOf({}))
  ids['exam-sessions'] = await create('exam-sessions', sessionOf({}))
  ids.levels = ids.level
  ids.family = (await app.payload.find({ collection: 'users', where: { username: { equals: FAMILY.username } }, overrideAccess: true })).docs[0]!.id as number
  ids.students = await create('students', dancer({}))
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('days and ranges written through /cms', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s is refused on create and update with the contract’s message, and stores nothing', async (_, c) => {
    const before = await rows(c.collection)
    const created = await cmsRest(app, 'POST', `/${c.collection}`, { cookie, body: c.row(c.bad) })
    expect([created.status, restMessages(created.body)]).toEqual([400, [c.message]])
    const updated = await cmsRest(app, 'PATCH', `/${c.collection}/${ids[c.collection]}`, { cookie, body: c.bad })
    expect([updated.status, restMessages(updated.body)]).toEqual([400, [c.message]])
    expect(await rows(c.collection)).toBe(before)
  })

  it.each(CASES.map((c) => [c.name, c] as const))('%s: the right value still saves', async (_, c) => {
    const updated = await cmsRest(app, 'PATCH', `/${c.collection}/${ids[c.collection]}`, { cookie, body: c.good })
    expect([updated.status, restMessages(updated.body)]).toEqual([200, []])
  })

  it('a policy version refuses a re-sign-by day that is no day, whoever writes it', async () => {
    const { currentVersion } = await app.payload.findByID({ collection: 'policy-documents', id: ids['policy-documents']!, depth: 0, overrideAccess: true })
    const refused = await app.payload
      .update({ collection: 'policy-versions', id: currentVersion as number, data: { resignBy: '2027-13-45' }, overrideAccess: true })
      .then(
        () => 'saved',
        (error: { status?: number; data?: { errors?: Array<{ message: string }> } }) => [error.status, error.data?.errors?.map((e) => e.message)],
      )
    expect(refused).toEqual([400, [POLICY_MESSAGES.resignByInvalid]])
  })
})
