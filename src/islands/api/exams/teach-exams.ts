import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { ExamEntryDto, ProposeEntryInput, TeachExamsDto } from '#api/exams/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/teach/exams (teacher): the sessions still to come, the caller's candidates and their entries. */
export function useTeachExams() {
  return useQuery(queryOptions({ queryKey: queryKeys.teach.exams, queryFn: () => apiRequest<TeachExamsDto>('GET', '/api/teach/exams') }))
}

/** POST /api/teach/exam-entries (teacher): a candidate proposed for a grade the session offers. */
export function useProposeExamEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ProposeEntryInput) => apiRequest<ExamEntryDto>('POST', '/api/teach/exam-entries', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teach.exams }),
  })
}
