const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Invoice amounts (spec §9): dollars with 2 decimals, "$1,250.00". */
export function formatDollars(amount: number): string {
  return dollars.format(amount)
}

/** A class price in integer cents as the admin list shows it: "$65.00/month". */
export function formatMonthlyCents(cents: number): string {
  return `${dollars.format(cents / 100)}/month`
}

/** A calendar day (YYYY-MM-DD) in words, never shifted by the browser's time zone. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return day
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
}

/** A timestamp in the admin's own time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
}

/** Today in the admin's own time zone, as an <input type="date"> value. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
