import { describe, expect, it } from 'vitest'

import type { AttendanceRecordDto } from '#api/attendance/schemas'
import { attendanceGrid, markCounts } from './attendance-grid'

const record = (
  studentId: number,
  studentName: string,
  date: string,
  status: AttendanceRecordDto['status'],
  reportedBy: 'teacher' | 'family' = 'teacher',
): AttendanceRecordDto => ({
  id: studentId * 100 + Number(date.slice(-2)),
  classId: 1,
  studentId,
  date,
  status,
  className: 'Ballet',
  studentName,
  markedBy: null,
  reportedBy,
  updatedAt: '2026-11-23T10:00:00.000Z',
})

describe('attendanceGrid', () => {
  it('puts each student on one row by name and each marked day in one column, oldest first', () => {
    const grid = attendanceGrid([
      record(2, 'Zoe', '2026-11-20', 'late'),
      record(1, 'Ava', '2026-11-18', 'present'),
      record(2, 'Zoe', '2026-11-18', 'absent', 'family'),
      record(1, 'Ava', '2026-11-20', 'present'),
    ])
    expect(grid.dates).toEqual(['2026-11-18', '2026-11-20'])
    expect(grid.rows.map((r) => r.studentName)).toEqual(['Ava', 'Zoe'])
    expect(grid.rows[1]!.marks['2026-11-18']).toEqual({ status: 'absent', reportedBy: 'family' })
    expect(markCounts(grid.rows[1]!)).toEqual({ present: 0, late: 1, absent: 1 })
  })

  it('is empty without marks', () => {
    expect(attendanceGrid([])).toEqual({ dates: [], rows: [] })
  })
})
