import { registrationNotOpenMessage, seasonDayText, type ReEnrollmentDto, type RegistrationPhase, type SeasonDto } from '#api/seasons/schemas'

export type ReEnrollChild = ReEnrollmentDto['children'][number]

/** Where the coming season's registration stands, in the words of the server's refusals (issue 27). */
export function phaseText(season: SeasonDto, phase: RegistrationPhase): { title: string; text: string } {
  if (phase === 'notOpen')
    return {
      title: `Registration for ${season.name} has not opened yet`,
      text: registrationNotOpenMessage(season.name, season.priorityOpens, season.openOpens),
    }
  if (phase === 'priority')
    return {
      title: `Priority registration for ${season.name} is open`,
      text: `Returning dancers may re-enroll now, before registration opens to everyone on ${seasonDayText(season.openOpens)}.`,
    }
  return { title: `Registration for ${season.name} is open`, text: `Registration has been open to everyone since ${seasonDayText(season.openOpens)}.` }
}

/** The season's days: "2027–28 runs from 1 September 2027 to 30 June 2028." */
export const seasonDaysText = (season: SeasonDto) => `${season.name} runs from ${seasonDayText(season.firstDay)} to ${seasonDayText(season.lastDay)}.`

/** The children re-enrollment is for: those who danced at the end of the season before. */
export const returningChildren = (data: ReEnrollmentDto) => data.children.filter((child) => child.returning)

/** The dashboard's banner: while priority or open registration is on and the family has a returning child. */
export function showsReEnrollBanner(data: ReEnrollmentDto | undefined): boolean {
  return Boolean(data?.season && (data.phase === 'priority' || data.phase === 'open') && returningChildren(data).length > 0)
}

/** The class chosen first: the one teaching a level the child's report card recommends, else the first suggested. */
export function firstChoice(child: ReEnrollChild, recommended: readonly string[]): number | null {
  const open = child.suggested.filter((cls) => !cls.enrolled)
  return (open.find((cls) => cls.level !== null && recommended.includes(cls.level)) ?? open[0])?.id ?? null
}
