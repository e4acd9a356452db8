import { ATTENDANCE_STATUSES, type AttendanceStatus } from '#api/attendance/schemas'

/**
 * Marks tapped but not yet confirmed by the server, kept in the phone's localStorage until
 * they are (decisions §9): a reload, a crash or a dead battery shows them again as "not saved
 * yet" and sends them again, so a tap is never silently lost.
 */
const STORAGE_KEY = 'academy.teach.unsaved-marks'

export type UnsavedMarks = Record<string, AttendanceStatus>

export function markKey(classId: number, studentId: number, date: string): string {
  return `${classId}:${studentId}:${date}`
}

/** The stored marks, ignoring anything malformed. */
export function parseUnsaved(text: string | null): UnsavedMarks {
  if (!text) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, AttendanceStatus] =>
          /^\d+:\d+:\d{4}-\d{2}-\d{2}$/.test(entry[0]) && ATTENDANCE_STATUSES.includes(entry[1] as AttendanceStatus),
      ),
    )
  } catch {
    return {}
  }
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export function readUnsaved(key: string): AttendanceStatus | null {
  return parseUnsaved(storage()?.getItem(STORAGE_KEY) ?? null)[key] ?? null
}

export function writeUnsaved(key: string, status: AttendanceStatus): void {
  const store = storage()
  if (!store) return
  try {
    store.setItem(STORAGE_KEY, JSON.stringify({ ...parseUnsaved(store.getItem(STORAGE_KEY)), [key]: status }))
  } catch {
    // A full or refused storage: the mark still shows as not saved while the page is open.
  }
}

/** Forgets the stored mark once the server has it, unless a newer tap replaced it meanwhile. */
export function clearUnsaved(key: string, status: AttendanceStatus): void {
  const store = storage()
  if (!store) return
  const marks = parseUnsaved(store.getItem(STORAGE_KEY))
  if (marks[key] !== status) return
  delete marks[key]
  try {
    store.setItem(STORAGE_KEY, JSON.stringify(marks))
  } catch {
    // nothing to do
  }
}
