/**
 * CSV exports for spreadsheets (attendance, the month's tuition run). Every cell a spreadsheet
 * would read as a formula is neutralised, so an export never runs what a family typed.
 */

/** A CSV cell a spreadsheet shows as text: a leading = + - @ tab or CR would start a formula. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A whole CSV document: the header row, then one row per record, CRLF line ends (RFC 4180). */
export function csvTable(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** The answer of a CSV endpoint: a download, never cached. */
export function csvResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
