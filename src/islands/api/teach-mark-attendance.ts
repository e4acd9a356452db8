import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { AttendanceMarkDto, AttendanceMarkInput, RosterDto } from '#api/attendance/schemas'
import { ApiError, apiRequest } from '#islands/lib/http'
import { queryKeys } from './query-keys'

/** PUT /api/teach/attendance (teacher): sets one student's mark for a class and day (an upsert). */
export function markAttendance(input: AttendanceMarkInput): Promise<AttendanceMarkDto> {
  return apiRequest<AttendanceMarkDto>('PUT', '/api/teach/attendance', input)
}

/** A lost connection or a server hiccup is worth retrying; a refusal (400, 403, 404) is not. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500
}

/**
 * A teacher's tap (decisions §9): retried a few times with growing pauses, paused while the
 * phone is offline (TanStack Query resumes it when the connection returns); the roster in the
 * cache takes the saved mark. Marks of one `scope` (a student on a day) are sent one after another.
 */
export function useMarkAttendance(scope: string) {
  const queryClient = useQueryClient()
  return useMutation({
    scope: { id: `attendance:${scope}` },
    mutationFn: markAttendance,
    retry: (failures, error) => failures < 4 && isRetryable(error),
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
    onSuccess: (mark) => {
      queryClient.setQueryData<RosterDto>(queryKeys.teach.roster(mark.classId, mark.date), (roster) =>
        roster
          ? { ...roster, students: roster.students.map((s) => (s.studentId === mark.studentId ? { ...s, status: mark.status, reportedByFamily: false } : s)) }
          : roster,
      )
    },
  })
}
