/** 1 → "1st", 2 → "2nd", 3 → "3rd", 11 → "11th", 22 → "22nd": English ordinals for positions. */
export function ordinal(n: number): string {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  switch (n % 10) {
    case 1:
      return `${n}st`
    case 2:
      return `${n}nd`
    case 3:
      return `${n}rd`
    default:
      return `${n}th`
  }
}

/** "You are 2nd on the waitlist" (decisions §15). */
export function waitlistPositionText(position: number): string {
  return `You are ${ordinal(position)} on the waitlist`
}

/** Whole hours and minutes left until `expiresAt`, as "1 day 3 hours", "5 hours 20 minutes" or "12 minutes". */
export function timeLeftText(expiresAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 60_000))
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const mins = minutes % 60
  const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? '' : 's'}`
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day')
  if (hours > 0) return mins > 0 ? `${unit(hours, 'hour')} ${unit(mins, 'minute')}` : unit(hours, 'hour')
  return unit(mins, 'minute')
}
