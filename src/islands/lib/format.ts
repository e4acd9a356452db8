/** Catalogue price (spec §9): whole dollars per month, from integer cents: 6500 → '$65/mo'. */
export function formatMonthlyPrice(cents: number): string {
  return `$${Math.round(cents / 100).toLocaleString('en-US')}/mo`
}
