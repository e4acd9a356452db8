import type { PayloadRequest, Where } from 'payload'

import type { ExamEntry } from '#cms/payload-types'
import { DEFAULT_PAGE_SIZE } from '#api/lib/paging.schemas'
import { EXAM_TO_DO, type AdminExamEntriesQuery, type AdminExamsDto } from './admin-list.schemas'
import { entryDtos } from './entries'
import { allSessions, upcomingSessions } from './sessions'

/** The entries the console's filters keep, as one `Where`. */
function entriesWhere(query: AdminExamEntriesQuery): Where {
  const and: Where[] = []
  if (query.sessionId !== undefined) and.push({ session: { equals: query.sessionId } })
  if (query.status === EXAM_TO_DO) {
    and.push({
      or: [
        { status: { equals: 'proposed' } },
        { and: [{ status: { equals: 'accepted' } }, { or: [{ grade: { exists: false } }, { mark: { exists: false } }] }] },
      ],
    })
  } else if (query.status !== undefined) and.push({ status: { equals: query.status } })
  if (query.q) and.push({ 'student.fullName': { contains: query.q } })
  return { and }
}

/** GET /api/admin/exam-entries: one page of the entries that match, newest first, with the sessions to come and every session. */
export async function adminExams(req: PayloadRequest, query: AdminExamEntriesQuery): Promise<AdminExamsDto> {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE
  const find = (page: number) =>
    req.payload.find({
      collection: 'exam-entries',
      where: entriesWhere(query),
      sort: ['-createdAt', '-id'],
      depth: 0,
      page,
      limit: pageSize,
      overrideAccess: true,
      req,
    })
  let found = await find(query.page ?? 1)
  // A page past the end (the list shrank under it) answers the last page there is.
  if (found.docs.length === 0 && found.totalDocs > 0) found = await find(found.totalPages)
  const [sessions, sessionChoices, items] = await Promise.all([upcomingSessions(req), allSessions(req), entryDtos(req, found.docs as ExamEntry[])])
  return {
    sessions,
    sessionChoices,
    entries: { items, total: found.totalDocs, page: found.page ?? 1, pageSize, pageCount: Math.max(1, found.totalPages) },
  }
}
