import type { CollectionBeforeValidateHook } from 'payload'

import type { Class } from '#cms/payload-types'
import { formatDays, formatTimeRange, minutesOfHHMM, timesFromText, weekdayIndexes, weekdayNames, weekdaysFromText } from '#shared/schedule'

type ScheduleData = Partial<Pick<Class, 'days' | 'time' | 'weekdays' | 'startTime' | 'endTime'>>

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index])
const blank = (value: string | null | undefined) => (value === '' ? null : value)

/**
 * Keeps a class's display texts and its structured schedule in step, whoever writes
 * (decisions §14):
 * - structure sent (weekdays, or start and end time): the text is written from it in the
 *   spec's style ('Tuesday & Thursday', '3:30-4:15pm');
 * - only the text sent (the spec's contract, seeds): it is read into the structure and written
 *   back in the same style; text that cannot be read is kept as typed and the structure is
 *   left empty (the class then shows that text, and has no calendar events);
 * - structure cleared without new text: the text is cleared too, so validation asks for days
 *   or times again rather than keeping a text that no longer says anything true.
 */
export const syncScheduleText: CollectionBeforeValidateHook<Class> = ({ data, originalDoc }) => {
  if (!data) return data
  const next: ScheduleData = data
  const before: ScheduleData = originalDoc ?? {}

  // Days.
  if (next.weekdays !== undefined && next.weekdays !== null) next.weekdays = weekdayNames(weekdayIndexes(next.weekdays))
  const weekdaysSent = next.weekdays !== undefined
  const weekdays = next.weekdays ?? before.weekdays ?? []
  const weekdaysChanged = weekdaysSent && !sameList(weekdays, before.weekdays ?? [])
  const daysChanged = typeof next.days === 'string' && next.days.trim() !== (before.days ?? '')
  if (weekdaysChanged || (weekdaysSent && weekdays.length > 0 && !daysChanged)) {
    const indexes = weekdayIndexes(weekdays)
    if (indexes.length > 0) next.days = formatDays(indexes)
    else if (!daysChanged) next.days = ''
    else applyDaysText(next)
  } else if (daysChanged) {
    applyDaysText(next)
  }

  // Time of day.
  if (next.startTime !== undefined) next.startTime = blank(next.startTime)
  if (next.endTime !== undefined) next.endTime = blank(next.endTime)
  const timesSent = next.startTime !== undefined || next.endTime !== undefined
  const start = next.startTime !== undefined ? next.startTime : (before.startTime ?? null)
  const end = next.endTime !== undefined ? next.endTime : (before.endTime ?? null)
  const timesChanged = timesSent && (start !== (before.startTime ?? null) || end !== (before.endTime ?? null))
  const timeChanged = typeof next.time === 'string' && next.time.trim() !== (before.time ?? '')
  if (timesChanged || (timesSent && start && end && !timeChanged)) {
    const from = start ? minutesOfHHMM(start) : null
    const to = end ? minutesOfHHMM(end) : null
    if (from !== null && to !== null && from < to) next.time = formatTimeRange(from, to)
    else if (!start && !end) {
      if (timeChanged) applyTimeText(next)
      else next.time = ''
    }
    // A half-given or reversed pair is left for the field validation to name.
  } else if (timeChanged) {
    applyTimeText(next)
  }

  return data
}

function applyDaysText(next: ScheduleData) {
  const text = (next.days ?? '').trim()
  const names = weekdaysFromText(text)
  next.weekdays = names
  next.days = names.length > 0 ? formatDays(weekdayIndexes(names)) : text
}

function applyTimeText(next: ScheduleData) {
  const text = (next.time ?? '').trim()
  const times = timesFromText(text)
  next.startTime = times?.startTime ?? null
  next.endTime = times?.endTime ?? null
  next.time = times ? formatTimeRange(minutesOfHHMM(times.startTime)!, minutesOfHHMM(times.endTime)!) : text
}
