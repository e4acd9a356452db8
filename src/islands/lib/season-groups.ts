import type { ClassDto, ClassSeasonDto } from '#api/classes/schemas'
import { priorityOnlyMessage, registrationNotOpenMessage, seasonDayText, type ReEnrollmentDto } from '#api/seasons/schemas'

/** Classes of one season (or of none), in the order they were given. */
export type SeasonGroup = { season: ClassSeasonDto | null; classes: ClassDto[] }

/**
 * The classes by season (issue 41: after a rollover every class exists twice): classes of no
 * season first, then each season by its first day, so the running season comes before the next.
 */
export function groupBySeason(classes: readonly ClassDto[]): SeasonGroup[] {
  const groups = new Map<number, SeasonGroup>()
  for (const cls of classes) {
    const key = cls.season?.id ?? 0
    const group = groups.get(key) ?? { season: cls.season ?? null, classes: [] }
    group.classes.push(cls)
    groups.set(key, group)
  }
  return [...groups.values()].sort((a, b) => (a.season?.firstDay ?? '').localeCompare(b.season?.firstDay ?? ''))
}

/** 'Registration opens 1 May 2027 for returning dancers and 15 May 2027 for everyone.', or null once open to everyone. */
export function registrationText(season: ClassSeasonDto, today: string): string | null {
  if (today >= season.openOpens) return null
  if (today < season.priorityOpens) {
    return `Registration opens ${seasonDayText(season.priorityOpens)} for returning dancers and ${seasonDayText(season.openOpens)} for everyone.`
  }
  return `Priority registration for returning dancers; open to everyone from ${seasonDayText(season.openOpens)}.`
}

/**
 * Why the family cannot enroll this child in a class of a season today, in the server's words
 * (registration not open yet; priority registration and the child did not dance last season), or
 * null. Whether the child is returning comes from GET /api/seasons/re-enrollment, which answers
 * for the coming season; for another season in priority registration the server decides.
 */
export function seasonReason(cls: ClassDto, studentId: number, today: string | undefined, reEnrollment: ReEnrollmentDto | undefined): string | null {
  const season = cls.season
  if (!season || !today || today >= season.openOpens) return null
  if (today < season.priorityOpens) return registrationNotOpenMessage(season.name, season.priorityOpens, season.openOpens)
  const child = reEnrollment?.season?.id === season.id ? reEnrollment.children.find((entry) => entry.studentId === studentId) : undefined
  return child && !child.returning ? priorityOnlyMessage(season.name, season.openOpens) : null
}
