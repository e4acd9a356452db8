import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { AbsenceAnswerDto, AbsenceInput } from '#api/self-service/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/absences: the family reports that a student will miss a class on a day. */
export function reportAbsence(input: AbsenceInput): Promise<AbsenceAnswerDto> {
  return apiRequest<AbsenceAnswerDto>('POST', '/api/absences', input)
}

export function useReportAbsence() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reportAbsence,
    onSuccess: (_answer, { studentId }) => queryClient.invalidateQueries({ queryKey: queryKeys.absences.ofStudent(studentId) }),
  })
}
