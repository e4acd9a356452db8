import { describe, expect, it } from 'vitest'

import type { ExamEntryDto } from '#api/exams/schemas'
import { filterEntries, pageOf } from './exam-filters'

const session = (id: number) => ({ id, syllabus: 'RAD', venue: 'Studio', date: '2027-03-01', entryDeadline: '2027-02-01', closed: false, fees: [] })
const entry = (id: number, sessionId: number, status: ExamEntryDto['status'], studentName: string, graded = false): ExamEntryDto => ({
  id,
  status,
  session: session(sessionId),
  studentId: id,
  studentName,
  levelId: 1,
  levelName: 'Grade 3',
  feeCents: 6500,
  invoiceId: null,
  result: graded ? { mark: 80, grade: 'merit', gradeLabel: 'Merit' } : null,
})

describe('the Exams tab’s filters', () => {
  const entries = [
    entry(1, 1, 'proposed', 'Mia Lopez'),
    entry(2, 1, 'accepted', 'Ava Chen'),
    entry(3, 2, 'accepted', 'Mila Chen', true),
    entry(4, 2, 'withdrawn', 'Zoe'),
  ]

  it('keep a session, a status, what waits for the studio, a name', () => {
    expect(filterEntries(entries, { sessionId: 2, status: null, search: '' }).map((e) => e.id)).toEqual([3, 4])
    expect(filterEntries(entries, { sessionId: null, status: 'accepted', search: '' }).map((e) => e.id)).toEqual([2, 3])
    expect(filterEntries(entries, { sessionId: null, status: 'to-do', search: '' }).map((e) => e.id)).toEqual([1, 2])
    expect(filterEntries(entries, { sessionId: null, status: null, search: ' chen' }).map((e) => e.id)).toEqual([2, 3])
  })

  it('show 200 entries a page at a time, the page clamped', () => {
    const many = Array.from({ length: 200 }, (_, i) => i)
    expect(pageOf(many, 1, 25)).toMatchObject({ page: 1, pageCount: 8, rows: many.slice(0, 25) })
    expect(pageOf(many, 9, 25)).toMatchObject({ page: 8, rows: many.slice(175) })
    expect(pageOf([], 3, 25)).toMatchObject({ page: 1, pageCount: 1, rows: [] })
  })
})
