import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { ExamEntryDto } from '#api/exams/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** GET /api/exam-entries (family): the household's entries the studio confirmed, with results once recorded. */
export function useExamEntries() {
  return useQuery(queryOptions({ queryKey: queryKeys.examEntries, queryFn: () => apiRequest<ExamEntryDto[]>('GET', '/api/exam-entries') }))
}

/** POST /api/exam-entries/:id/accept|decline (a full guardian): accepting bills the fee, so the billing reads refresh too. */
export function useAnswerExamEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      apiRequest<ExamEntryDto>('POST', `/api/exam-entries/${id}/${accept ? 'accept' : 'decline'}`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.examEntries }),
        queryClient.invalidateQueries({ queryKey: queryKeys.invoices }),
        queryClient.invalidateQueries({ queryKey: queryKeys.statement }),
      ])
    },
  })
}
