import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { AdminExamsDto, ExamListStatus } from '#api/exams/admin-list.schemas'
import type { ExamEntryDto, ExamResultInput, ExamSessionDto, ExamSessionInput } from '#api/exams/schemas'
import type { LevelDto } from '#api/levels/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** The Exams tab's filters and page. */
export type ExamSearch = { sessionId: number | null; status: ExamListStatus | null; q: string; page: number; pageSize: number }

/** GET /api/admin/exam-entries?… (admin): the sessions to come, every session, and one page of the entries that match, newest first. */
export function useAdminExams(search: ExamSearch) {
  const params = new URLSearchParams({ page: String(search.page), pageSize: String(search.pageSize) })
  if (search.sessionId !== null) params.set('sessionId', String(search.sessionId))
  if (search.status !== null) params.set('status', search.status)
  if (search.q.trim()) params.set('q', search.q.trim())
  return useQuery(
    queryOptions({
      queryKey: queryKeys.admin.examPage(params.toString()),
      queryFn: () => apiRequest<AdminExamsDto>('GET', `/api/admin/exam-entries?${params}`),
      placeholderData: keepPreviousData,
    }),
  )
}

/** GET /api/levels (public): the grades a session may list a fee for. */
export function useLevels() {
  return useQuery(queryOptions({ queryKey: queryKeys.levels, queryFn: () => apiRequest<LevelDto[]>('GET', '/api/levels') }))
}

/** POST /api/admin/exam-sessions (admin). */
export function useCreateExamSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ExamSessionInput) => apiRequest<ExamSessionDto>('POST', '/api/admin/exam-sessions', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.exams }),
  })
}

export type ExamEntryAction = 'confirm' | 'decline' | 'withdraw'

/** POST /api/admin/exam-entries/:id/confirm|decline|withdraw (admin). */
export function useExamEntryAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ExamEntryAction }) => apiRequest<ExamEntryDto>('POST', `/api/admin/exam-entries/${id}/${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.exams }),
  })
}

/** PUT /api/admin/exam-entries/:id/result (admin): the mark and grade of an accepted entry. */
export function useRecordExamResult() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...input }: ExamResultInput & { id: number }) => apiRequest<ExamEntryDto>('PUT', `/api/admin/exam-entries/${id}/result`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.exams }),
  })
}
