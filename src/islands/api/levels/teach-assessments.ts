import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { AssessmentMarkInput, AssessmentSheetDto, MarkAnswerDto, TeachAssessmentDto } from '#api/levels/assessment.schemas'
import { apiRequest } from '#islands/lib/http'
import { OFFLINE_RETRY } from '#islands/lib/offline-queue'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/teach/assessments (teacher): the open windows with the caller's classes. */
export function useTeachAssessments() {
  return useQuery(queryOptions({ queryKey: queryKeys.teach.assessments, queryFn: () => apiRequest<TeachAssessmentDto[]>('GET', '/api/teach/assessments') }))
}

/** GET /api/teach/assessments/:windowId/classes/:classId (teacher): the class's sheet with the caller's own marks. */
export function useAssessmentSheet(windowId: number, classId: number) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.teach.assessmentSheet(windowId, classId),
      queryFn: () => apiRequest<AssessmentSheetDto>('GET', `/api/teach/assessments/${windowId}/classes/${classId}`),
    }),
  )
}

/** PUT /api/teach/assessment-marks (teacher): one mark, with the time it was tapped. */
export function recordAssessmentMark(input: AssessmentMarkInput): Promise<MarkAnswerDto> {
  return apiRequest<MarkAnswerDto>('PUT', '/api/teach/assessment-marks', input)
}

/**
 * The sheet's taps, with the offline queue's retry policy (#islands/lib/offline-queue); the sheet
 * in the cache takes each saved mark. `onSettled` tells the queue what the server answered.
 */
export function useRecordAssessmentMark(handlers: {
  onSaved: (input: AssessmentMarkInput, answer: MarkAnswerDto) => void
  onRefused: (input: AssessmentMarkInput, error: unknown) => void
}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: recordAssessmentMark,
    ...OFFLINE_RETRY,
    onSuccess: (answer, input) => {
      queryClient.setQueryData<AssessmentSheetDto>(queryKeys.teach.assessmentSheet(input.windowId, input.classId), (sheet) =>
        sheet
          ? {
              ...sheet,
              students: sheet.students.map((s) =>
                s.studentId === input.studentId ? { ...s, marks: [...s.marks.filter((m) => m.item !== input.item), answer.mark] } : s,
              ),
            }
          : sheet,
      )
      handlers.onSaved(input, answer)
    },
    onError: (error, input) => handlers.onRefused(input, error),
  })
}
