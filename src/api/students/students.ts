import type { PayloadRequest } from 'payload'

import type { Student, User } from '#cms/payload-types'
import { isAdminUser } from '#api/auth'
import { badInput, notFound } from '#api/errors'
import type { AdminStudentInput, EmergencyContactInput, StudentDto } from './schemas'
import { STUDENT_MESSAGES } from './schemas'
import { inTransaction } from '#api/lib/database'
import { relationId } from '#api/lib/relations'
import { householdOf, type Caller } from '#api/lib/ownership'
import { calendarDay } from '#shared/dates'

export function toStudentDto(doc: Student): StudentDto {
  return {
    id: doc.id,
    userId: relationId(doc.user),
    fullName: doc.fullName,
    dateOfBirth: calendarDay(doc.dateOfBirth),
    experienceLevel: doc.experienceLevel,
    emergencyContact:
      doc.emergencyContact?.name || doc.emergencyContact?.phone ? { name: doc.emergencyContact.name ?? '', phone: doc.emergencyContact.phone ?? '' } : null,
  }
}

/** The caller's students; an administrator's list is every student. */
export async function listStudents(req: PayloadRequest, user: User): Promise<StudentDto[]> {
  const result = await req.payload.find({
    collection: 'students',
    depth: 0,
    limit: 0,
    pagination: false,
    sort: 'fullName',
    req,
    user,
    overrideAccess: false,
  })
  return (result.docs as Student[]).map(toStudentDto)
}

/**
 * One student the caller may see (the collection's read rule, `ownedByFamily`, scopes a family
 * to its own), or 404 — the same answer for another family's student and for an id that does
 * not exist. The caller is the endpoint's user or a page's viewer (select-classes).
 */
export async function findOwnStudent(req: PayloadRequest, user: Caller, id: number): Promise<Student> {
  const result = await req.payload.find({
    collection: 'students',
    where: { id: { equals: id } },
    depth: 0,
    limit: 1,
    pagination: false,
    req,
    user,
    overrideAccess: false,
  })
  const doc = result.docs[0] as Student | undefined
  if (!doc) throw notFound(STUDENT_MESSAGES.notFound)
  return doc
}

/** Creates a student owned by the caller; an administrator may name another family instead. */
export async function createStudent(req: PayloadRequest, user: User, input: AdminStudentInput): Promise<StudentDto> {
  let owner = householdOf(user)
  if (isAdminUser(user) && input.userId !== undefined && input.userId !== user.id) {
    const account = (await req.payload.findByID({
      collection: 'users',
      id: input.userId,
      depth: 0,
      req,
      disableErrors: true,
      overrideAccess: true,
    })) as User | null
    if (!account) throw badInput('Please select a user', [{ path: 'userId', message: 'Please select a user' }])
    owner = account.id
  }
  const doc = await req.payload.create({
    collection: 'students',
    data: {
      user: owner,
      fullName: input.fullName,
      dateOfBirth: input.dateOfBirth,
      experienceLevel: input.experienceLevel,
      emergencyContact: { name: input.emergencyContact?.name || null, phone: input.emergencyContact?.phone || null },
    },
    depth: 0,
    req,
    user,
    // The owner is decided above; the collection's writes are the contract's alone.
    overrideAccess: true,
  })
  return toStudentDto(doc as Student)
}

/** Sets (or clears, with empty fields) the emergency contact of one of the caller's students. */
export async function updateEmergencyContact(req: PayloadRequest, user: User, id: number, contact: EmergencyContactInput): Promise<StudentDto> {
  await findOwnStudent(req, user, id)
  const doc = await req.payload.update({
    collection: 'students',
    id,
    data: { emergencyContact: { name: contact.name || null, phone: contact.phone || null } },
    depth: 0,
    req,
    user,
    // findOwnStudent above is the ownership check.
    overrideAccess: true,
  })
  return toStudentDto(doc as Student)
}

/**
 * Removes the student, all or nothing (decisions §2): the students collection's beforeDelete
 * hooks take their enrollments, marks and makeups with them inside this transaction.
 */
export async function deleteStudent(req: PayloadRequest, user: User, id: number): Promise<StudentDto> {
  const student = await inTransaction(req, async () => {
    const doc = await findOwnStudent(req, user, id)
    await req.payload.delete({ collection: 'students', id, depth: 0, req, user, overrideAccess: true })
    return doc
  })
  return toStudentDto(student)
}
