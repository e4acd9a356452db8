import type { SeasonDto } from '#api/seasons/schemas'
import { shiftYears } from '#shared/dates'

export const ROLLOVER_FIELDS = ['name', 'firstDay', 'lastDay', 'priorityOpens', 'openOpens'] as const
export type RolloverFormValues = Record<(typeof ROLLOVER_FIELDS)[number], string>

/** "2026–27" → "2027–28", "Season 2026" → "Season 2027": every year of the name a year on; a name without one is left for the administrator. */
export function nextSeasonName(name: string): string {
  if (!/\d{2,4}/.test(name)) return ''
  return name.replace(/\b(\d{4})\b|(?<=[–-]\s?)(\d{2})\b/g, (_match, year?: string, short?: string) =>
    year ? String(Number(year) + 1) : String((Number(short) + 1) % 100).padStart(2, '0'),
  )
}

/** What the form offers first for the season after `from`: the same days a year later, to be edited. */
export function proposedNextSeason(from: SeasonDto): RolloverFormValues {
  return {
    name: nextSeasonName(from.name),
    firstDay: shiftYears(from.firstDay, 1),
    lastDay: shiftYears(from.lastDay, 1),
    priorityOpens: shiftYears(from.priorityOpens, 1),
    openOpens: shiftYears(from.openOpens, 1),
  }
}
