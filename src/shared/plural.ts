/**
 * A count with its noun, singular for one: '1 student', '2 students', '1,204 households'. The one
 * way the app writes a count in a sentence (issue 41: '1 students' is a page that was not read).
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`
}

/**
 * Which rows of a paged list are on screen, in a sentence: 'Showing 11–20 of 153 students';
 * a list that fits one page says 'Showing 2 of 2 students' (and '1 student' for one).
 */
export function shownOf(page: { page: number; pageSize: number; items: unknown[]; total: number }, singular: string, plural = `${singular}s`): string {
  const first = page.items.length === 0 ? 0 : (page.page - 1) * page.pageSize + 1
  const last = first === 0 ? 0 : first + page.items.length - 1
  const all = countOf(page.total, singular, plural)
  if (first <= 1 && last === page.total) return `Showing ${last.toLocaleString('en-US')} of ${all}`
  return `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${all}`
}
