import type { AttendanceRecordDto, AttendanceStatus } from '#api/attendance/schemas'

export type GridRow = { studentId: number; studentName: string; marks: Record<string, { status: AttendanceStatus; reportedBy: 'teacher' | 'family' }> }
export type AttendanceGrid = { dates: string[]; rows: GridRow[] }

/** One class's marks as a table: a row per student (by name), a column per day that has a mark (oldest first). */
export function attendanceGrid(records: readonly AttendanceRecordDto[]): AttendanceGrid {
  const dates = [...new Set(records.map((r) => r.date))].sort()
  const rows = new Map<number, GridRow>()
  for (const record of records) {
    const row = rows.get(record.studentId) ?? { studentId: record.studentId, studentName: record.studentName, marks: {} }
    row.marks[record.date] = { status: record.status, reportedBy: record.reportedBy }
    rows.set(record.studentId, row)
  }
  return { dates, rows: [...rows.values()].sort((a, b) => a.studentName.localeCompare(b.studentName) || a.studentId - b.studentId) }
}

/** Present, late and absent counts of a row. */
export function markCounts(row: GridRow): Record<AttendanceStatus, number> {
  const counts: Record<AttendanceStatus, number> = { present: 0, late: 0, absent: 0 }
  for (const mark of Object.values(row.marks)) counts[mark.status]++
  return counts
}
