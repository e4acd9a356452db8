import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { AdminEnrollmentInput, EnrollmentDto } from '#api/enrollment/schemas'
import { apiRequest } from '#islands/lib/http'
import { allEnrollmentsQueryOptions } from './admin-list-enrollments'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/enrollments from an administrator (no age check; dated by the admin). */
export function createEnrollment(input: AdminEnrollmentInput): Promise<EnrollmentDto> {
  return apiRequest<EnrollmentDto>('POST', '/api/enrollments', input)
}

export function useCreateEnrollment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createEnrollment,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: allEnrollmentsQueryOptions().queryKey })
      // The Students tab's pages carry each student's count of classes, its rows their classes.
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.students })
      await queryClient.invalidateQueries({ queryKey: queryKeys.enrollments.all })
      // Class lists carry the enrolled count.
      await queryClient.invalidateQueries({ queryKey: queryKeys.classes.all })
    },
  })
}
