/**
 * A count with its noun, singular for one: '1 student', '2 students', '1,204 households'. The one
 * way the app writes a count in a sentence (issue 41: '1 students' is a page that was not read).
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`
}
