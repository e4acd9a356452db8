import { assessmentMarkInputSchema, type AssessmentMarkInput } from '#api/levels/assessment.schemas'
import { unsavedStore } from '#islands/lib/offline-queue'

/** Assessment marks tapped but not yet confirmed by the server, in the phone's offline queue (#islands/lib/offline-queue). */
export const unsavedAssessmentMarks = unsavedStore<AssessmentMarkInput>(
  'academy.teach.unsaved-assessment-marks',
  (key, value): value is AssessmentMarkInput => /^\d+:\d+:\d+:[\w-]{1,64}$/.test(key) && assessmentMarkInputSchema.safeParse(value).success,
)

export function assessmentMarkKey(input: Pick<AssessmentMarkInput, 'windowId' | 'classId' | 'studentId' | 'item'>): string {
  return `${input.windowId}:${input.classId}:${input.studentId}:${input.item}`
}

/** The queued marks of one class's sheet. */
export function unsavedOfSheet(windowId: number, classId: number): Record<string, AssessmentMarkInput> {
  return Object.fromEntries(Object.entries(unsavedAssessmentMarks.all()).filter(([, input]) => input.windowId === windowId && input.classId === classId))
}
