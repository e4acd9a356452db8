/**
 * How a season reads for families (issue 27, the next season; issue 41): its days as words and
 * the label a class carries once two seasons exist. Pure and small: the public catalogue's
 * script uses it without the API's schemas.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** A `YYYY-MM-DD` day as families read it: 1 June 2027. */
export function seasonDayText(day: string): string {
  const [year, month, date] = day.split('-').map(Number)
  return `${date} ${MONTHS[month! - 1]} ${year}`
}

/** 'Season 2027–28 · registration from 1 May 2027': which season a class is of, and when it can first be joined. */
export function seasonLabel(season: { name: string; priorityOpens: string }): string {
  return `Season ${season.name} · registration from ${seasonDayText(season.priorityOpens)}`
}
