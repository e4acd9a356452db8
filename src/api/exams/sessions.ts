import type { PayloadRequest } from 'payload'

import type { ExamSession, Level } from '#cms/payload-types'
import { badInput, notFound } from '#api/errors'
import { academyToday } from '#api/lib/academy-clock'
import { relationId } from '#api/lib/relations'
import { EXAM_MESSAGES, type ExamSessionDto, type ExamSessionInput } from './schemas'

const all = { depth: 0, limit: 0, pagination: false, overrideAccess: true } as const

/** The names of these levels, by id. */
export async function levelNames(req: PayloadRequest, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const { docs } = await req.payload.find({ collection: 'levels', where: { id: { in: [...new Set(ids)] } }, req, ...all })
  return new Map((docs as Level[]).map((level) => [level.id, level.name]))
}

/** A session as teachers, families and administrators read it; `closed` from the academy's today. */
export function toSessionDto(doc: ExamSession, names: Map<number, string>, today = academyToday()): ExamSessionDto {
  return {
    id: doc.id,
    syllabus: doc.syllabus,
    venue: doc.venue,
    date: doc.date,
    entryDeadline: doc.entryDeadline,
    closed: doc.entryDeadline < today,
    fees: (doc.fees ?? []).map((fee) => ({
      levelId: relationId(fee.level),
      levelName: names.get(relationId(fee.level)) ?? '',
      feeCents: fee.feeCents,
    })),
  }
}

/** These sessions as DTOs, their level names read at once. */
export async function sessionDtos(req: PayloadRequest, docs: ExamSession[]): Promise<ExamSessionDto[]> {
  const names = await levelNames(
    req,
    docs.flatMap((doc) => (doc.fees ?? []).map((fee) => relationId(fee.level))),
  )
  const today = academyToday()
  return docs.map((doc) => toSessionDto(doc, names, today))
}

/** One session, or 404. */
export async function findSession(req: PayloadRequest, id: number): Promise<ExamSession> {
  const doc = (await req.payload.findByID({ collection: 'exam-sessions', id, req, depth: 0, overrideAccess: true, disableErrors: true })) as ExamSession | null
  if (!doc) throw notFound(EXAM_MESSAGES.sessionNotFound)
  return doc
}

/** Sessions whose exam day has not passed, soonest first. */
export async function upcomingSessions(req: PayloadRequest): Promise<ExamSessionDto[]> {
  const { docs } = await req.payload.find({ collection: 'exam-sessions', where: { date: { greater_than_equal: academyToday() } }, sort: 'date', req, ...all })
  return sessionDtos(req, docs as ExamSession[])
}

/** Every session, soonest first (the console's session filter). */
export async function allSessions(req: PayloadRequest): Promise<ExamSessionDto[]> {
  const { docs } = await req.payload.find({ collection: 'exam-sessions', sort: ['date', 'id'], req, ...all })
  return sessionDtos(req, docs as ExamSession[])
}

/** POST /api/admin/exam-sessions: a new session; a grade that is no level is 400. */
export async function createSession(req: PayloadRequest, input: ExamSessionInput): Promise<ExamSessionDto> {
  const names = await levelNames(
    req,
    input.fees.map((fee) => fee.levelId),
  )
  if (input.fees.some((fee) => !names.has(fee.levelId))) throw badInput(EXAM_MESSAGES.id)
  const doc = (await req.payload.create({
    collection: 'exam-sessions',
    req,
    overrideAccess: true,
    depth: 0,
    data: {
      syllabus: input.syllabus,
      venue: input.venue,
      date: input.date,
      entryDeadline: input.entryDeadline,
      fees: input.fees.map((fee) => ({ level: fee.levelId, feeCents: fee.feeCents })),
    },
  })) as ExamSession
  return toSessionDto(doc, names)
}
