import type { StatementDto, StatementNextDto } from '#api/statements/schemas'
import { formatCalendarDay } from '#shared/dates'

/** One line of the coming invoice (src/api/statements/schemas.ts). */
type NextLine = StatementNextDto['lines'][number]

/** The coming invoice's lines, one group per child (in the run's order), then the family's own lines (registration, credits). */
export function groupByChild(lines: readonly NextLine[]): { child: string | null; lines: NextLine[] }[] {
  const groups: { child: string | null; lines: NextLine[] }[] = []
  for (const line of lines) {
    const child = line.studentName ?? null
    const group = groups.find((g) => g.child === child)
    if (group) group.lines.push(line)
    else groups.push({ child, lines: [line] })
  }
  // The family's lines come last, after every child's.
  return [...groups.filter((g) => g.child !== null), ...groups.filter((g) => g.child === null)]
}

/** 'Visa ····4242', or 'card ····4242' when the brand is unknown. */
export function cardWords(autopay: NonNullable<StatementDto['autopay']>): string {
  return `${autopay.cardBrand ?? 'card'} ····${autopay.cardLast4}`
}

/** How the coming invoice will be paid: charged by autopay on its due day, or paid here by card. */
export function nextPaymentText(next: Pick<StatementNextDto, 'dueDate'>, autopay: StatementDto['autopay']): string {
  if (autopay) return `Autopay: charged to ${cardWords(autopay)} on ${formatCalendarDay(next.dueDate)}.`
  return 'Autopay is off: pay it here by card once it is issued.'
}
