import type { ExamEntryDto, ExamEntryStatus } from '#api/exams/schemas'

export type ExamFilters = { sessionId: number | null; status: ExamEntryStatus | 'to-do' | null; search: string }

/** What waits for the studio: a proposal to confirm, an accepted entry without its result. */
export function needsStudio(entry: ExamEntryDto): boolean {
  return entry.status === 'proposed' || (entry.status === 'accepted' && entry.result === null)
}

/** The entries the filters keep, in the server's order (newest first). */
export function filterEntries(entries: readonly ExamEntryDto[], filters: ExamFilters): ExamEntryDto[] {
  const search = filters.search.trim().toLowerCase()
  return entries.filter(
    (entry) =>
      (filters.sessionId === null || entry.session.id === filters.sessionId) &&
      (filters.status === null || (filters.status === 'to-do' ? needsStudio(entry) : entry.status === filters.status)) &&
      (search === '' || entry.studentName.toLowerCase().includes(search)),
  )
}

/** One page of a list filtered in the browser: the page clamped to the pages there are. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { rows: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(rows.length / size))
  const current = Math.min(Math.max(1, page), pageCount)
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pageCount }
}
