import type { PayloadRequest, Where } from 'payload'

import type { Student, User } from '#cms/payload-types'
import { DEFAULT_PAGE_SIZE } from '#api/lib/paging.schemas'
import { relationId } from '#api/lib/relations'
import type { StudentListQuery, StudentPageDto } from './student-list.schemas'
import { toStudentDto } from './students'

/** The accounts whose name or email holds `text`. */
async function familiesMatching(req: PayloadRequest, text: string): Promise<number[]> {
  const where: Where = { or: [{ fullName: { contains: text } }, { email: { contains: text } }] }
  const result = await req.payload.find({ collection: 'users', req, overrideAccess: false, depth: 0, limit: 0, pagination: false, select: {}, where })
  return result.docs.map((doc) => doc.id)
}

/** The students enrolled in a class. */
async function studentsInClass(req: PayloadRequest, classId: number): Promise<number[]> {
  const where: Where = { class: { equals: classId } }
  const result = await req.payload.find({
    collection: 'enrollments',
    req,
    overrideAccess: false,
    depth: 0,
    limit: 0,
    pagination: false,
    select: { student: true },
    where,
  })
  return [...new Set(result.docs.map((doc) => relationId(doc.student)))]
}

/**
 * One page of every family's students, by name, for the Students tab at real size (issue 23:
 * 150 households, 300 students). The search finds a student by its own name or its family's
 * (the account's name or email); the filters narrow to one account and to one class. Each row
 * carries its account and its count of classes, so the tab loads neither every account nor
 * every enrollment; a student's classes are read when the row is opened.
 */
export async function searchStudents(req: PayloadRequest, query: StudentListQuery): Promise<StudentPageDto> {
  const and: Where[] = []
  const text = query.q?.trim()
  if (text) {
    const families = await familiesMatching(req, text)
    const match: Where[] = [{ fullName: { contains: text } }]
    if (families.length > 0) match.push({ user: { in: families } })
    and.push({ or: match })
  }
  if (query.userId !== undefined) and.push({ user: { equals: query.userId } })
  if (query.classId !== undefined) {
    const inClass = await studentsInClass(req, query.classId)
    and.push({ id: { in: inClass.length > 0 ? inClass : [0] } })
  }
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE
  const page = query.page ?? 1
  const result = await req.payload.find({
    collection: 'students',
    req,
    overrideAccess: false,
    depth: 0,
    where: and.length > 0 ? { and } : {},
    page,
    limit: pageSize,
    sort: ['fullName', 'id'],
  })
  const students = result.docs as Student[]
  const studentIds = students.map((student) => student.id)
  const userIds = [...new Set(students.map((student) => relationId(student.user)))]
  const [accounts, enrollments] = await Promise.all([
    userIds.length === 0
      ? { docs: [] }
      : req.payload.find({ collection: 'users', req, overrideAccess: false, depth: 0, limit: 0, pagination: false, where: { id: { in: userIds } } }),
    studentIds.length === 0
      ? { docs: [] }
      : req.payload.find({
          collection: 'enrollments',
          req,
          overrideAccess: false,
          depth: 0,
          limit: 0,
          pagination: false,
          select: { student: true },
          where: { student: { in: studentIds } },
        }),
  ])
  const byId = new Map((accounts.docs as User[]).map((user) => [user.id, user]))
  const classCount = new Map<number, number>()
  for (const enrollment of enrollments.docs) {
    const studentId = relationId(enrollment.student)
    classCount.set(studentId, (classCount.get(studentId) ?? 0) + 1)
  }
  return {
    items: students.map((student) => {
      const account = byId.get(relationId(student.user))
      return {
        ...toStudentDto(student),
        account: account ? { id: account.id, fullName: account.fullName, username: account.username, email: account.email } : null,
        classCount: classCount.get(student.id) ?? 0,
      }
    }),
    total: result.totalDocs,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(result.totalDocs / pageSize)),
  }
}
