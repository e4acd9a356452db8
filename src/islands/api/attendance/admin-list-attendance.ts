import { useQuery } from '@tanstack/react-query'

import type { AttendanceRecordDto } from '#api/attendance/schemas'
import { apiRequest } from '#islands/lib/http'
import { queryKeys } from '#islands/api/query-keys'

export type AttendanceFilter = { classId?: number; studentId?: number; from?: string; to?: string }

/** The query string of GET /api/admin/attendance and its .csv twin. */
export function attendanceQuery(filter: AttendanceFilter): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value))
  return params.toString()
}

/** Where the CSV of the same marks downloads from (a plain link: the session cookie goes along). */
export function attendanceCsvUrl(filter: AttendanceFilter): string {
  return `/api/admin/attendance.csv?${attendanceQuery(filter)}`
}

/** GET /api/admin/attendance (admin): the marks matching the filter, newest day first. */
export function fetchAttendance(filter: AttendanceFilter): Promise<AttendanceRecordDto[]> {
  return apiRequest<AttendanceRecordDto[]>('GET', `/api/admin/attendance?${attendanceQuery(filter)}`)
}

export function useAdminAttendance(filter: AttendanceFilter | null) {
  return useQuery({
    queryKey: queryKeys.admin.attendance(filter ? attendanceQuery(filter) : ''),
    queryFn: () => fetchAttendance(filter!),
    enabled: filter !== null,
  })
}
