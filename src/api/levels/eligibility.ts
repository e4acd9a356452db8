import type { PayloadRequest } from 'payload'

import type { Class, Student } from '#cms/payload-types'
import { badInput } from '#api/errors'
import { levelFits } from '#shared/eligibility'
import { classLevelId, levelsById, placedLevelIds } from './placement-rule'
import { notPlacedAtLevelMessage } from './schemas'

/**
 * The level a class teaches (decisions §32, issue 27): the student is placed at it or recommended
 * for it by a published assessment. One of admission's checks (src/api/admission asks it on
 * every path into a class, #shared/admission says which). Refused with 400 and words naming both.
 */
export async function refuseOutsideLevel(req: PayloadRequest, student: Student, cls: Class): Promise<void> {
  const levelId = classLevelId(cls)
  if (levelId === null || levelFits(levelId, await placedLevelIds(req, student))) return
  const level = (await levelsById(req, [levelId])).get(levelId)
  // A level removed meanwhile leaves the class open (the relation is cleared with it).
  if (level) throw badInput(notPlacedAtLevelMessage(student.fullName, cls.name, level.name))
}
