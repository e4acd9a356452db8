import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { RolloverDto, RolloverInput } from '#api/seasons/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/admin/seasons/:id/rollover (admin): the next season with this one's classes copied (issue 27); 409 when already rolled over. */
export function rolloverSeason(seasonId: number, input: RolloverInput): Promise<RolloverDto> {
  return apiRequest<RolloverDto>('POST', `/api/admin/seasons/${seasonId}/rollover`, input)
}

export function useRolloverSeason() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ seasonId, input }: { seasonId: number; input: RolloverInput }) => rolloverSeason(seasonId, input),
    // A new season, and its copied classes in every class list.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.seasons }),
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
      ])
    },
  })
}
