import { ATTENDANCE_STATUSES, type AttendanceStatus } from '#api/attendance/schemas'
import { unsavedStore } from '#islands/lib/offline-queue'

/**
 * Attendance marks tapped but not yet confirmed by the server (decisions §9), in the phone's
 * offline queue (#islands/lib/offline-queue): a reload shows them again as "not saved yet" and
 * sends them again, so a tap is never silently lost.
 */
const marks = unsavedStore<AttendanceStatus>(
  'academy.teach.unsaved-marks',
  (key, value): value is AttendanceStatus => /^\d+:\d+:\d{4}-\d{2}-\d{2}$/.test(key) && ATTENDANCE_STATUSES.includes(value as AttendanceStatus),
)

export type UnsavedMarks = Record<string, AttendanceStatus>

export function markKey(classId: number, studentId: number, date: string): string {
  return `${classId}:${studentId}:${date}`
}

export const parseUnsaved = marks.parse
export const readUnsaved = marks.read
export const writeUnsaved = marks.write
export const clearUnsaved = marks.clear
