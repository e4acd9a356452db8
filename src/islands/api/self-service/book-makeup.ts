import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { MakeupAnswerDto, MakeupInput } from '#api/self-service/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/makeups: a place in another class of the same age group on one day. */
export function bookMakeup(input: MakeupInput): Promise<MakeupAnswerDto> {
  return apiRequest<MakeupAnswerDto>('POST', '/api/makeups', input)
}

export function useBookMakeup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ studentId: _studentId, ...input }: MakeupInput & { studentId: number }) => bookMakeup(input),
    onSettled: (_answer, _error, { studentId, absenceId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.absences.ofStudent(studentId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.absences.makeupOptions(absenceId) }),
      ]),
  })
}
