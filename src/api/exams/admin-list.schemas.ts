import { z } from 'zod'

import { pageParamSchema, pageSizeParamSchema, searchParamSchema, type PageDto } from '#api/lib/paging.schemas'
import { recordIdSchema } from '#api/lib/id.schemas'
import { EXAM_ENTRY_STATUSES } from '#shared/statuses'
import type { ExamEntryDto, ExamSessionDto } from './schemas'

/** The console's "Waiting for the studio": a proposal to confirm, or an accepted entry without its result. */
export const EXAM_TO_DO = 'to-do'
export const EXAM_LIST_FILTERS = [EXAM_TO_DO, ...EXAM_ENTRY_STATUSES] as const
export type ExamListStatus = (typeof EXAM_LIST_FILTERS)[number]

export const EXAM_LIST_MESSAGES = {
  sessionId: 'sessionId must be the id of an exam session.',
  status: `status must be one of ${EXAM_LIST_FILTERS.join(', ')}.`,
} as const

/**
 * GET /api/admin/exam-entries (admin): one page of the entries, newest first, filtered by
 * session, status (or `to-do`) and the student's name (`q`); `page` from 1, `pageSize` 1 to 100
 * (default 20). A studio of a few hundred dancers enters hundreds of candidates a year.
 */
export const adminExamEntriesQuerySchema = z.object({
  sessionId: recordIdSchema(EXAM_LIST_MESSAGES.sessionId, { fromText: true }).optional(),
  status: z.enum(EXAM_LIST_FILTERS, { error: EXAM_LIST_MESSAGES.status }).optional(),
  q: searchParamSchema,
  page: pageParamSchema,
  pageSize: pageSizeParamSchema,
})
export type AdminExamEntriesQuery = z.infer<typeof adminExamEntriesQuerySchema>

export type AdminExamsDto = {
  /** The sessions still to come, soonest first. */
  sessions: ExamSessionDto[]
  /** Every session, soonest first: the session filter's choices. */
  sessionChoices: ExamSessionDto[]
  entries: PageDto<ExamEntryDto>
}
