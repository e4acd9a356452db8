import type { PayloadRequest } from 'payload'

import type { PolicySignature } from '#cms/payload-types'
import { relationId } from '#api/lib/relations'
import { choicesOf } from './requirements'

/**
 * The photo-release choice each child's family signed (issue 26), for the teacher's roster: the
 * latest word on a photo-release document, per student (a withdrawal reads as "Withdrawn").
 * Children without one are absent from the map (the roster keeps the care information's choice).
 */
export async function photoReleaseChoices(req: PayloadRequest, studentIds: number[]): Promise<Map<number, string>> {
  if (studentIds.length === 0) return new Map()
  const result = await req.payload.find({
    collection: 'policy-signatures',
    where: { and: [{ student: { in: studentIds } }, { kind: { in: ['sign', 'withdraw'] } }, { 'document.kind': { equals: 'photo-release' } }] },
    sort: '-signedAt',
    depth: 0,
    limit: 0,
    pagination: false,
    req,
    overrideAccess: true,
  })
  const choices = new Map<number, string>()
  for (const row of result.docs as PolicySignature[]) {
    const id = relationId(row.student ?? 0)
    if (choices.has(id)) continue
    choices.set(id, row.kind === 'withdraw' ? 'Withdrawn' : choicesOf(row).join('; ') || 'Signed')
  }
  return choices
}
