/** The demo's current season (issue 27): September to June, covering the demo's today (26 November 2026), registration long open. */
export const DEMO_SEASON = {
  name: '2026–27',
  firstDay: '2026-09-01',
  lastDay: '2027-06-30',
  priorityOpens: '2026-05-01',
  openOpens: '2026-06-01',
}
