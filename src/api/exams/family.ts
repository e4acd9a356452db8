import type { PayloadRequest, Where } from 'payload'

import type { User } from '#cms/payload-types'
import { inTransaction } from '#api/lib/database'
import { householdOf } from '#api/lib/ownership'
import { relationId } from '#api/lib/relations'
import { billExamFeesNow, examFeeBilling } from './billing'
import { entryDtos, findEntries, findEntry, refuseAfterDeadline, requireStatus, updateEntry } from './entries'
import type { ExamEntryDto, ExamResultDto } from './schemas'
import { findSession } from './sessions'

/** What a household sees: entries the studio confirmed (a proposal, or one it declined, is not the family's business). */
const FAMILY_STATUSES = ['confirmed', 'accepted', 'declined-by-family'] as const

function householdEntries(user: User): Where {
  return { and: [{ household: { equals: householdOf(user) } }, { status: { in: [...FAMILY_STATUSES] } }] }
}

/** GET /api/exam-entries: the household's entries (any guardian of it), with each result once recorded. */
export async function familyExamEntries(req: PayloadRequest, user: User): Promise<ExamEntryDto[]> {
  return entryDtos(req, await findEntries(req, householdEntries(user)))
}

/**
 * POST /api/exam-entries/:id/accept|decline: a full guardian of the household answers a
 * confirmed entry before the entry deadline (409 after it; another household's entry is 404).
 * Accepting bills the fee: on the next tuition invoice, or at once on an invoice of its own when
 * the academy bills exam fees separately.
 */
export async function answerEntry(req: PayloadRequest, user: User, id: number, accept: boolean): Promise<ExamEntryDto> {
  const household = householdOf(user)
  await inTransaction(req, async () => {
    const entry = await findEntry(req, id, householdEntries(user))
    requireStatus(entry, ['confirmed'], accept ? 'accepted' : 'declined')
    refuseAfterDeadline(await findSession(req, relationId(entry.session)))
    await updateEntry(req, id, { status: accept ? 'accepted' : 'declined-by-family' })
    if (accept && (await examFeeBilling(req)) === 'separate-invoice') await billExamFeesNow(req, household)
  })
  return (await entryDtos(req, [await findEntry(req, id)]))[0]!
}

/** A student's recorded exam results, for their record and report card (the caller has already shown the student is theirs). */
export async function examResultsOf(
  req: PayloadRequest,
  studentId: number,
): Promise<Array<ExamResultDto & { entryId: number; syllabus: string; levelName: string; date: string }>> {
  const entries = await findEntries(req, { and: [{ student: { equals: studentId } }, { grade: { exists: true } }, { status: { equals: 'accepted' } }] })
  return (await entryDtos(req, entries)).flatMap((e) =>
    e.result ? [{ ...e.result, entryId: e.id, syllabus: e.session.syllabus, levelName: e.levelName, date: e.session.date }] : [],
  )
}
