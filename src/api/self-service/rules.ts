import type { PayloadRequest } from 'payload'

import type { Class } from '#cms/payload-types'
import { closedDayMessage, notMeetingMessage, type SelfServiceRulesDto } from './schemas'
import { formatDayWithWeekday, weekdayOf } from '#shared/dates'
import { classWeekdays } from '#shared/schedule'
import { closureDays } from '#shared/closures'
import { academyToday } from '#api/lib/academy-clock'
import { readAcademyClosureDays, readStudioSettings, readTuitionSettings } from '#api/studio'

/*
 * A family's own changes (decisions §16): drop a class from a day on, report an absence, book a
 * makeup. A family reaches only its own students (another family's answers 404, as everywhere);
 * an administrator reaches every student and is not held to the drop notice. "Today" is the
 * academy's day (ACADEMY_TIMEZONE).
 */

export const day = (value: string) => formatDayWithWeekday(value)

/** Why a class does not meet on a day: not one of its weekdays, or closed / outside its term. */
export function notMeetingOn(cls: Class, day: string): string {
  return classWeekdays(cls).includes(weekdayOf(day)) ? closedDayMessage(cls.name, day) : notMeetingMessage(cls.name, day, cls.days)
}

/** The days the whole academy is closed (the tuition settings' closures, expanded by `closureDays`). */
export async function academyClosures(req: PayloadRequest): Promise<string[]> {
  return readAcademyClosureDays(req.payload, req)
}

/** GET /api/self-service/rules: the academy's today and the studio's notice and makeup window. */
export async function selfServiceRules(req: PayloadRequest): Promise<SelfServiceRulesDto> {
  const [{ dropNoticeDays, makeupWindowDays }, { closures }] = await Promise.all([readStudioSettings(req.payload, req), readTuitionSettings(req.payload, req)])
  return { today: academyToday(), dropNoticeDays, makeupWindowDays, academyClosures: closureDays(closures), academyClosureRanges: [...closures] }
}

// ── Drop from a day on ──────────────────────────────────────────────────────────────────────
