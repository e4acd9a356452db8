import type { PayloadRequest } from 'payload'

import { inTransaction } from '#api/lib/database'
import { relationId } from '#api/lib/relations'
import { entryDtos, findEntry, refuseAfterDeadline, requireStatus, updateEntry } from './entries'
import type { ExamEntryDto, ExamResultInput } from './schemas'
import { findSession } from './sessions'

async function one(req: PayloadRequest, id: number): Promise<ExamEntryDto> {
  return (await entryDtos(req, [await findEntry(req, id)]))[0]!
}

/** POST /api/admin/exam-entries/:id/confirm: a proposal is confirmed before the entry deadline; the family is then asked. */
export async function confirmEntry(req: PayloadRequest, id: number): Promise<ExamEntryDto> {
  await inTransaction(req, async () => {
    const entry = await findEntry(req, id)
    requireStatus(entry, ['proposed'], 'confirmed')
    refuseAfterDeadline(await findSession(req, relationId(entry.session)))
    await updateEntry(req, id, { status: 'confirmed' })
  })
  return one(req, id)
}

/** POST /api/admin/exam-entries/:id/decline: the studio declines a proposal (or a confirmation the family has not answered). */
export async function declineEntry(req: PayloadRequest, id: number): Promise<ExamEntryDto> {
  const entry = await findEntry(req, id)
  requireStatus(entry, ['proposed', 'confirmed'], 'declined')
  await updateEntry(req, id, { status: 'declined-by-studio' })
  return one(req, id)
}

/**
 * POST /api/admin/exam-entries/:id/withdraw: the entry is withdrawn. One not billed yet never
 * will be; a fee already billed stays on its invoice for the administrator to credit or void.
 */
export async function withdrawEntry(req: PayloadRequest, id: number): Promise<ExamEntryDto> {
  const entry = await findEntry(req, id)
  requireStatus(entry, ['proposed', 'confirmed', 'accepted'], 'withdrawn')
  await updateEntry(req, id, { status: 'withdrawn' })
  return one(req, id)
}

/** PUT /api/admin/exam-entries/:id/result: the mark and grade of an accepted entry; families see it from then on. */
export async function recordResult(req: PayloadRequest, id: number, input: ExamResultInput): Promise<ExamEntryDto> {
  const entry = await findEntry(req, id)
  requireStatus(entry, ['accepted'], 'graded')
  await updateEntry(req, id, { mark: input.mark, grade: input.grade })
  return one(req, id)
}
