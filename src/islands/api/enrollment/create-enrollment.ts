import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { EnrollmentDto, EnrollmentInput } from '#api/enrollment/schemas'
import { ApiError, apiRequest } from '#islands/lib/http'
import { studentEnrollmentsQueryOptions } from './list-student-enrollments'
import { queryKeys } from '#islands/api/query-keys'

/** POST /api/enrollments: one class for one student (409 duplicate or full, 400 age mismatch). */
export function createEnrollment(input: EnrollmentInput): Promise<EnrollmentDto> {
  return apiRequest<EnrollmentDto>('POST', '/api/enrollments', input)
}

/** Some of the chosen classes could not be added; the others were. */
export class EnrollmentBatchError extends Error {
  readonly added: EnrollmentDto[]
  readonly failed: { classId: number; error: unknown }[]

  constructor(added: EnrollmentDto[], failed: { classId: number; error: unknown }[]) {
    const first = failed[0]?.error
    super(first instanceof ApiError && first.serverMessage ? first.serverMessage : 'Failed to add classes. Please try again.')
    this.name = 'EnrollmentBatchError'
    this.added = added
    this.failed = failed
  }
}

/**
 * Spec §7: one call per selected class, all at once. Resolves with every enrollment, or
 * rejects with what was added and what was not. Either way the student's enrollments and the
 * class list (seats taken) are refreshed.
 */
export function useCreateEnrollments() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ studentId, classIds }: { studentId: number; classIds: number[] }) => {
      const results = await Promise.allSettled(classIds.map((classId) => createEnrollment({ studentId, classId })))
      const added: EnrollmentDto[] = []
      const failed: { classId: number; error: unknown }[] = []
      results.forEach((result, i) => (result.status === 'fulfilled' ? added.push(result.value) : failed.push({ classId: classIds[i]!, error: result.reason })))
      if (failed.length) throw new EnrollmentBatchError(added, failed)
      return added
    },
    onSettled: async (_data, _error, { studentId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: studentEnrollmentsQueryOptions(studentId).queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
        // The next season's re-enrollment shows what the child is enrolled in (issue 27).
        queryClient.invalidateQueries({ queryKey: queryKeys.reEnrollment }),
      ])
    },
  })
}
