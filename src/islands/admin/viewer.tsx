import { createContext, useCallback, useContext } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import { formatDateTime, todayIso } from '#shared/dates'

/** The signed-in administrator, resolved by the page on the server. */
export const ViewerContext = createContext<UserDto | null>(null)

export function useViewer(): UserDto | null {
  return useContext(ViewerContext)
}

/** The academy's time zone (the studio settings' choice, else ACADEMY_TIMEZONE; null: UTC), given by the page from the server. */
export const AcademyTimeZoneContext = createContext<string | null>(null)

/**
 * Today in the academy's time zone, not the browser's: the day the forms offer by default (a
 * payment received, the attendance range) is the day the server records and checks against.
 */
export function useAcademyToday(): string {
  return todayIso(new Date(), useContext(AcademyTimeZoneContext))
}

/** The academy's time zone as the page gave it (null: UTC), for the times the console reads and writes. */
export function useAcademyZone(): string | null {
  return useContext(AcademyTimeZoneContext)
}

/**
 * A moment as the academy's wall clock shows it ('Mar 2, 2027, 10:30 PM' in New York), whatever
 * zone the administrator's device is in: every time the console shows is the academy's.
 */
export function useAcademyDateTime(): (iso: string) => string {
  const zone = useContext(AcademyTimeZoneContext)
  return useCallback((iso: string) => formatDateTime(iso, zone ?? 'UTC'), [zone])
}
