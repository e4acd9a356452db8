import { z } from 'zod'

import { recordIdSchema } from '#api/lib/id.schemas'
import { pageParamSchema, pageSizeParamSchema, searchParamSchema, type PageDto } from '#api/lib/paging.schemas'
import type { StudentDto } from './schemas'

export const STUDENT_LIST_MESSAGES = {
  userId: 'userId must be the id of an account (a whole number of 1 or more).',
  classId: 'classId must be the id of a class (a whole number of 1 or more).',
  adminOnly: 'Only an administrator may search and page the students.',
} as const

/** One id of the query string, optional. */
const idParam = (message: string) => recordIdSchema(message, { fromText: true }).optional()

/**
 * GET /api/students, issue 23: every parameter is optional. Without any, the answer is the
 * spec's plain array (a family's own students; every student for an administrator); with any,
 * one page of the students that match, by name, for an administrator only.
 * - `q`: the student's name, or the family's (the account's name or email);
 * - `userId`: the students of one account; `classId`: the students enrolled in one class;
 * - `page` (from 1) and `pageSize` (1 to 100, default 20).
 */
export const studentListQuerySchema = z.object({
  q: searchParamSchema,
  userId: idParam(STUDENT_LIST_MESSAGES.userId),
  classId: idParam(STUDENT_LIST_MESSAGES.classId),
  page: pageParamSchema,
  pageSize: pageSizeParamSchema,
})
export type StudentListQuery = z.infer<typeof studentListQuerySchema>

/** A row of the Students tab: the student, its account, and how many classes it is enrolled in. */
export type AdminStudentRowDto = StudentDto & {
  account: { id: number; fullName: string; username: string; email: string } | null
  classCount: number
}

export type StudentPageDto = PageDto<AdminStudentRowDto>
