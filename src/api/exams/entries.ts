import type { PayloadRequest, Where } from 'payload'

import type { ExamEntry, ExamSession, Student } from '#cms/payload-types'
import { conflict, notFound } from '#api/errors'
import { academyToday } from '#api/lib/academy-clock'
import { relationId } from '#api/lib/relations'
import { EXAM_GRADE_LABELS, EXAM_MESSAGES, deadlinePassedMessage, entryStatusMessage, type ExamEntryDto, type ExamEntryStatus } from './schemas'
import { levelNames, toSessionDto } from './sessions'

const all = { depth: 0, limit: 0, pagination: false, overrideAccess: true } as const

/** Entries matching `where`, newest session first. */
export async function findEntries(req: PayloadRequest, where: Where): Promise<ExamEntry[]> {
  const { docs } = await req.payload.find({ collection: 'exam-entries', where, sort: ['-createdAt', '-id'], req, ...all })
  return docs as ExamEntry[]
}

/** One entry matching `where` (its id and the caller's rule), or 404: another's entry reads as none. */
export async function findEntry(req: PayloadRequest, id: number, where: Where = {}): Promise<ExamEntry> {
  const [doc] = await findEntries(req, { and: [{ id: { equals: id } }, where] })
  if (!doc) throw notFound(EXAM_MESSAGES.entryNotFound)
  return doc
}

/** Entries as DTOs: their sessions, students and level names read at once. */
export async function entryDtos(req: PayloadRequest, entries: ExamEntry[]): Promise<ExamEntryDto[]> {
  if (entries.length === 0) return []
  const ids = (pick: (e: ExamEntry) => unknown) => [...new Set(entries.map((e) => relationId(pick(e) as number)))]
  const [sessions, students] = await Promise.all([
    req.payload.find({ collection: 'exam-sessions', where: { id: { in: ids((e) => e.session) } }, req, ...all }).then((r) => r.docs as ExamSession[]),
    req.payload.find({ collection: 'students', where: { id: { in: ids((e) => e.student) } }, req, ...all }).then((r) => r.docs as Student[]),
  ])
  const names = await levelNames(req, [...ids((e) => e.level), ...sessions.flatMap((s) => (s.fees ?? []).map((f) => relationId(f.level)))])
  const today = academyToday()
  const sessionById = new Map(sessions.map((s) => [s.id, toSessionDto(s, names, today)]))
  const studentById = new Map(students.map((s) => [s.id, s.fullName]))
  return entries.map((entry) => ({
    id: entry.id,
    status: entry.status,
    session: sessionById.get(relationId(entry.session))!,
    studentId: relationId(entry.student),
    studentName: studentById.get(relationId(entry.student)) ?? '',
    levelId: relationId(entry.level),
    levelName: names.get(relationId(entry.level)) ?? '',
    feeCents: entry.feeCents,
    invoiceId: entry.invoiceId ?? null,
    result: entry.grade != null && entry.mark != null ? { mark: entry.mark, grade: entry.grade, gradeLabel: EXAM_GRADE_LABELS[entry.grade] } : null,
  }))
}

/** 409 once the session's entry deadline (a day, the academy's) has passed. */
export function refuseAfterDeadline(session: ExamSession): void {
  if (session.entryDeadline < academyToday()) throw conflict(deadlinePassedMessage(session.entryDeadline))
}

/** 409 unless the entry is in one of these states. */
export function requireStatus(entry: ExamEntry, allowed: ExamEntryStatus[], wanted: string): void {
  if (!allowed.includes(entry.status)) throw conflict(entryStatusMessage(entry.status, wanted))
}

/** Moves an entry on, inside the request's transaction when one is open. */
export async function updateEntry(req: PayloadRequest, id: number, data: Partial<Omit<ExamEntry, 'id'>>): Promise<ExamEntry> {
  return (await req.payload.update({ collection: 'exam-entries', id, data, req, depth: 0, overrideAccess: true })) as ExamEntry
}
