import { shiftYears, todayIso } from '#shared/dates'
import type { TestApp } from './app'
import { ApiClient } from './client'
import { uniqueName } from './postgres'

export type Family = { client: ApiClient; userId: number; username: string; email: string; fullName: string }

/** A new family account with a unique name, signed in. */
export async function createFamily(app: TestApp, label = 'family'): Promise<Family> {
  const username = uniqueName(label).replace(/_/g, '-').toLowerCase().slice(0, 40)
  const email = `${username}@example.com`
  const fullName = `${label} parent`
  const password = 'a-long-test-password'
  const user = await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { username, email, fullName, password, isActive: true, isAdmin: false },
  })
  const client = await new ApiClient(app.url).login(username, password)
  return { client, userId: user.id as number, username, email, fullName }
}

/**
 * A second guardian of `household` (decisions §23), full or view-only, signed in: username
 * `<label>-<household id>`, named `<label> guardian`.
 */
export async function addGuardian(app: TestApp, household: Family, label: string, access: 'full' | 'view' = 'full'): Promise<Family> {
  const username = `${label}-${household.userId}`
  const email = `${username}@example.com`
  const fullName = `${label} guardian`
  const password = 'a-long-test-password'
  const user = await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { username, email, fullName, password, isActive: true, isAdmin: false, household: household.userId, guardianAccess: access },
  })
  return { client: await new ApiClient(app.url).login(username, password), userId: user.id as number, username, email, fullName }
}

/** A new family account made a teacher (isTeacher), signed in. */
export async function createTeacher(app: TestApp, label: string): Promise<Family> {
  const account = await createFamily(app, label)
  await app.payload.update({ collection: 'users', id: account.userId, data: { isTeacher: true }, overrideAccess: true })
  return account
}

/** A date of birth that makes someone `years` old today (their birthday was ~a month ago). */
export function bornYearsAgo(years: number): string {
  const monthAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000)
  return shiftYears(todayIso(monthAgo), -years)
}

/** The emergency contact every test student gets unless told otherwise: a first enrollment needs one (issue 24). */
export const TEST_EMERGENCY_CONTACT = { name: 'Test Emergency Contact', phone: '555 010 0000' }

/**
 * A student stored directly (no HTTP), owned by `userId`, with TEST_EMERGENCY_CONTACT (the first
 * of its care information's contacts) unless `emergencyContact` is null.
 */
export async function addStudent(
  app: TestApp,
  userId: number,
  fullName: string,
  age = 7,
  options: { emergencyContact?: { name: string; phone: string } | null } = {},
): Promise<number> {
  const emergencyContact = options.emergencyContact === undefined ? TEST_EMERGENCY_CONTACT : options.emergencyContact
  const doc = await app.payload.create({
    collection: 'students',
    overrideAccess: true,
    data: { user: userId, fullName, dateOfBirth: bornYearsAgo(age), experienceLevel: 'Beginner', ...(emergencyContact ? { emergencyContact } : {}) },
  })
  return doc.id as number
}

export const CLASS_FIELDS = {
  description: 'A class created by an integration test.',
  level: 'Beginner',
  days: 'Monday & Wednesday',
  time: '4:00-5:00pm',
  location: 'Studio A',
  instructor: 'Ms. Test',
  price: 6500,
}

/** A class stored directly (no HTTP), with a unique name. */
export async function addClass(
  app: TestApp,
  fields: { ageGroup?: string; capacity?: number | null; name?: string } = {},
): Promise<{ id: number; name: string }> {
  const name = fields.name ?? uniqueName('Class')
  const doc = await app.payload.create({
    collection: 'classes',
    overrideAccess: true,
    data: { ...CLASS_FIELDS, name, ageGroup: fields.ageGroup ?? '6-8', capacity: fields.capacity ?? null },
  })
  return { id: doc.id as number, name }
}

/** Every row of the collections a call may touch, to prove a refused call changed nothing. */
export async function snapshot(
  app: TestApp,
  collections: Array<'students' | 'classes' | 'enrollments'> = ['students', 'classes', 'enrollments'],
): Promise<string> {
  const parts = await Promise.all(
    collections.map((collection) =>
      app.payload.find({ collection, overrideAccess: true, limit: 0, pagination: false, depth: 0, sort: 'id' }).then((r) => r.docs),
    ),
  )
  return JSON.stringify(parts)
}
