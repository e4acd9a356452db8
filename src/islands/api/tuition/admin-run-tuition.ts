import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { TuitionRunResult } from '#api/tuition/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** `rebill`: families whose voided invoice of the month is to be replaced (decisions §10). */
export type RunTuitionRequest = { period: string; dryRun: boolean; userIds?: number[]; rebill?: number[] }

/** POST /api/admin/tuition/run (admin): a dry run says what would be invoiced; a real one invoices it. */
export function runTuition(input: RunTuitionRequest): Promise<TuitionRunResult> {
  return apiRequest<TuitionRunResult>('POST', '/api/admin/tuition/run', input)
}

/** A real run adds invoices: the invoice list, the month's summary and the statements refresh. */
export function useRunTuition() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: runTuition,
    onSettled: (_result, _error, input) => {
      if (input.dryRun) return
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.invoices }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.tuitionSummaries }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.statements }),
      ])
    },
  })
}
