import type { PayloadRequest } from 'payload'

import type { AssessmentWindow, Class, User } from '#cms/payload-types'
import { conflict, notFound } from '#api/errors'
import { academyNow, academyToday } from '#api/lib/academy-clock'
import { taughtBy } from '#api/lib/ownership'
import { relationId } from '#api/lib/relations'
import { DEFAULT_SCALE } from '#shared/levels'
import {
  ASSESSMENT_MESSAGES,
  noLevelMessage,
  unresolvedConflictsMessage,
  type AdminAssessmentWindowDto,
  type AssessmentWindowInput,
  type ScaleStepDto,
  type TeachAssessmentDto,
} from './assessment.schemas'
import { countConflicts } from './assessment-marks'

/** The window, or 404 (administrators and the contract's own reads: the collection is administrators' only). */
export async function findWindow(req: PayloadRequest, id: number): Promise<AssessmentWindow> {
  const doc = (await req.payload.findByID({
    collection: 'assessment-windows',
    id,
    depth: 0,
    req,
    disableErrors: true,
    overrideAccess: true,
  })) as AssessmentWindow | null
  if (!doc) throw notFound(ASSESSMENT_MESSAGES.windowNotFound)
  return doc
}

export function scaleOf(window: AssessmentWindow): ScaleStepDto[] {
  const steps = (window.scale ?? []).map((step) => ({ value: step.value, label: step.label }))
  return steps.length ? steps.sort((a, b) => a.value - b.value) : DEFAULT_SCALE
}

export const windowClassIds = (window: AssessmentWindow): number[] => (window.classes ?? []).map((c) => relationId(c))

/**
 * The classes a window's input names, each found (404 otherwise); a class with no syllabus level
 * is refused (409, its names, a field error on `confirmNoLevel`) until the administrator confirms.
 */
async function windowClasses(req: PayloadRequest, input: AssessmentWindowInput): Promise<Class[]> {
  const { docs } = await req.payload.find({
    collection: 'classes',
    where: { id: { in: input.classIds } },
    depth: 0,
    limit: 0,
    pagination: false,
    req,
    overrideAccess: true,
  })
  if (docs.length !== new Set(input.classIds).size) throw notFound(ASSESSMENT_MESSAGES.classNotFound)
  const classes = (docs as Class[]).sort((a, b) => a.name.localeCompare(b.name))
  const withoutLevel = classes.filter((c) => !c.syllabusLevel).map((c) => c.name)
  if (withoutLevel.length && input.confirmNoLevel !== true) {
    const message = noLevelMessage(withoutLevel)
    throw conflict(message, [{ path: 'confirmNoLevel', message }])
  }
  return classes
}

/** The stored fields of a window's input; a scale left out is the default for a new window, and unchanged for an edit. */
const windowData = (input: AssessmentWindowInput, scale: ScaleStepDto[]) => ({
  name: input.name,
  opensOn: input.opensOn,
  closesOn: input.closesOn,
  // One row per class, however often the input names it.
  classes: [...new Set(input.classIds)],
  scale: input.scale ?? scale,
})

const teachDto = (window: AssessmentWindow, classes: Class[]): TeachAssessmentDto => ({
  id: window.id,
  name: window.name,
  opensOn: window.opensOn,
  closesOn: window.closesOn,
  classes: classes.map((c) => ({ id: c.id, name: c.name })),
})

/** POST /api/admin/assessment-windows (admin): opens a window for some classes ("Spring assessment"). */
export async function createAssessmentWindow(req: PayloadRequest, input: AssessmentWindowInput): Promise<TeachAssessmentDto> {
  const classes = await windowClasses(req, input)
  const created = (await req.payload.create({
    collection: 'assessment-windows',
    data: windowData(input, DEFAULT_SCALE),
    depth: 0,
    req,
    overrideAccess: true,
  })) as AssessmentWindow
  return teachDto(created, classes)
}

/**
 * PUT /api/admin/assessment-windows/:id (admin): the window's name, days, classes and scale, until
 * it is published (409 after). A class whose students were already marked stays in it (409).
 */
export async function updateAssessmentWindow(req: PayloadRequest, id: number, input: AssessmentWindowInput): Promise<TeachAssessmentDto> {
  const window = await findWindow(req, id)
  if (window.publishedAt) throw conflict(ASSESSMENT_MESSAGES.publishedCannotChange)
  const classes = await windowClasses(req, input)
  const dropped = windowClassIds(window).filter((classId) => !input.classIds.includes(classId))
  if (dropped.length) {
    const marked = await req.payload.count({
      collection: 'assessment-marks',
      where: { and: [{ window: { equals: id } }, { class: { in: dropped } }] },
      req,
      overrideAccess: true,
    })
    if (marked.totalDocs > 0) throw conflict(ASSESSMENT_MESSAGES.classHasMarks)
  }
  const data = windowData(input, scaleOf(window))
  const updated = (await req.payload.update({ collection: 'assessment-windows', id, data, depth: 0, req, overrideAccess: true })) as AssessmentWindow
  return teachDto(updated, classes)
}

/** GET /api/admin/assessment-windows (admin): every window, newest first, with its classes. */
export async function listAssessmentWindows(req: PayloadRequest): Promise<AdminAssessmentWindowDto[]> {
  const { docs } = await req.payload.find({
    collection: 'assessment-windows',
    depth: 1,
    limit: 0,
    pagination: false,
    sort: '-opensOn',
    req,
    overrideAccess: true,
  })
  return (docs as AssessmentWindow[]).map((w) => ({
    id: w.id,
    name: w.name,
    opensOn: w.opensOn,
    closesOn: w.closesOn,
    publishedAt: w.publishedAt ?? null,
    classes: (w.classes ?? []).flatMap((c) => (typeof c === 'object' ? [{ id: c.id, name: c.name }] : [])),
  }))
}

/**
 * GET /api/teach/assessments (teacher): the windows open today (not yet published) with the
 * caller's own classes in them (every class for an administrator).
 */
export async function listTeachAssessments(req: PayloadRequest, user: User): Promise<TeachAssessmentDto[]> {
  const today = academyToday()
  const [windows, taught] = await Promise.all([
    req.payload.find({
      collection: 'assessment-windows',
      where: { and: [{ opensOn: { less_than_equal: today } }, { closesOn: { greater_than_equal: today } }, { publishedAt: { exists: false } }] },
      depth: 0,
      limit: 0,
      pagination: false,
      sort: 'opensOn',
      req,
      overrideAccess: true,
    }),
    req.payload.find({ collection: 'classes', where: taughtBy(user), depth: 0, limit: 0, pagination: false, sort: 'name', req, overrideAccess: true }),
  ])
  const classes = taught.docs as Class[]
  return (windows.docs as AssessmentWindow[]).flatMap((window) => {
    const ids = windowClassIds(window)
    const mine = classes.filter((c) => ids.includes(c.id)).map((c) => ({ id: c.id, name: c.name }))
    return mine.length ? [{ id: window.id, name: window.name, opensOn: window.opensOn, closesOn: window.closesOn, classes: mine }] : []
  })
}

/**
 * POST /api/admin/assessment-windows/:id/publish (admin): the report cards reach the families.
 * Refused (409) while two teachers disagree on an item and no mark is chosen.
 */
export async function publishWindow(req: PayloadRequest, id: number): Promise<{ message: string; publishedAt: string }> {
  const window = await findWindow(req, id)
  if (window.publishedAt) throw conflict(ASSESSMENT_MESSAGES.alreadyPublished)
  const conflicts = await countConflicts(req, window.id)
  if (conflicts > 0) throw conflict(unresolvedConflictsMessage(conflicts))
  const publishedAt = academyNow().toISOString()
  await req.payload.update({ collection: 'assessment-windows', id, data: { publishedAt }, depth: 0, req, overrideAccess: true })
  return { message: `${window.name} is published: families now see the report cards.`, publishedAt }
}
