import { todayIso } from '#shared/dates'
import type { TestApp } from './app'
import { addStudent, createFamily, type Family } from './families'

/** Fixtures of the messages tests (issue 25): families with a child in given classes, waiting for one, or owing an invoice. */

export async function enroll(app: TestApp, studentId: number, classId: number): Promise<void> {
  await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student: studentId, class: classId, enrollmentDate: todayIso() } })
}

/** A family with one child per class given (several classes: one child in each), signed in. */
export async function familyIn(app: TestApp, label: string, classIds: number[], child = `${label} child`): Promise<Family & { studentId: number }> {
  const family = await createFamily(app, label)
  const studentId = await addStudent(app, family.userId, child)
  for (const classId of classIds) await enroll(app, studentId, classId)
  return { ...family, studentId }
}

export async function waitFor(app: TestApp, family: Family & { studentId: number }, classId: number): Promise<void> {
  await app.payload.create({
    collection: 'waitlist-entries',
    overrideAccess: true,
    data: { class: classId, student: family.studentId, family: family.userId, status: 'waiting' },
  })
}

export async function owe(app: TestApp, family: Family): Promise<void> {
  await app.payload.create({
    collection: 'invoices',
    overrideAccess: true,
    data: { userId: family.userId, amountCents: 6500, description: 'Test tuition', status: 'pending', dueDate: todayIso() },
  })
}

export async function choose(app: TestApp, family: Family, data: Record<string, unknown>): Promise<void> {
  await app.payload.create({ collection: 'notification-preferences', overrideAccess: true, data: { user: family.userId, ...data } })
}
