import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { AttendanceMarkDto, AttendanceMarkInput, RosterDto } from '#api/attendance/schemas'
import { apiRequest } from '#islands/lib/http'
import { OFFLINE_RETRY } from '#islands/lib/offline-queue'
import { queryKeys } from '#islands/api/query-keys'

/** PUT /api/teach/attendance (teacher): sets one student's mark for a class and day (an upsert). */
export function markAttendance(input: AttendanceMarkInput): Promise<AttendanceMarkDto> {
  return apiRequest<AttendanceMarkDto>('PUT', '/api/teach/attendance', input)
}

/**
 * A teacher's tap (decisions §9), with the offline queue's retry policy (#islands/lib/offline-queue); the roster in the
 * cache takes the saved mark. Marks of one `scope` (a student on a day) are sent one after another.
 */
export function useMarkAttendance(scope: string) {
  const queryClient = useQueryClient()
  return useMutation({
    scope: { id: `attendance:${scope}` },
    mutationFn: markAttendance,
    ...OFFLINE_RETRY,
    onSuccess: (mark) => {
      queryClient.setQueryData<RosterDto>(queryKeys.teach.roster(mark.classId, mark.date), (roster) =>
        roster
          ? { ...roster, students: roster.students.map((s) => (s.studentId === mark.studentId ? { ...s, status: mark.status, reportedByFamily: false } : s)) }
          : roster,
      )
    },
  })
}
