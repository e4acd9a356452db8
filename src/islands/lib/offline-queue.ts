import { ApiError } from './http'

/**
 * A teacher's taps on a phone in the studio, never silently lost (decisions §9, issue 27): each
 * is kept in the phone's localStorage under its key until the server confirms it, sent again
 * after a reload, a crash or a dead battery, and retried when the connection returns. Attendance
 * marks and assessment marks are two stores of this one mechanism.
 */
export type UnsavedStore<V> = {
  /** The stored entries, ignoring anything malformed. */
  parse: (text: string | null) => Record<string, V>
  all: () => Record<string, V>
  read: (key: string) => V | null
  write: (key: string, value: V) => void
  /** Forgets the entry once the server has it, unless a newer tap replaced it meanwhile. */
  clear: (key: string, value: V) => void
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export function unsavedStore<V>(storageKey: string, isEntry: (key: string, value: unknown) => value is V): UnsavedStore<V> {
  const parse = (text: string | null): Record<string, V> => {
    if (!text) return {}
    try {
      const value: unknown = JSON.parse(text)
      if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
      return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, V] => isEntry(entry[0], entry[1])))
    } catch {
      return {}
    }
  }
  const all = () => parse(storage()?.getItem(storageKey) ?? null)
  const save = (store: Storage, entries: Record<string, V>) => {
    try {
      store.setItem(storageKey, JSON.stringify(entries))
    } catch {
      // A full or refused storage: the tap still shows as not saved while the page is open.
    }
  }
  return {
    parse,
    all,
    read: (key) => all()[key] ?? null,
    write: (key, value) => {
      const store = storage()
      if (store) save(store, { ...parse(store.getItem(storageKey)), [key]: value })
    },
    clear: (key, value) => {
      const store = storage()
      if (!store) return
      const entries = parse(store.getItem(storageKey))
      if (JSON.stringify(entries[key]) !== JSON.stringify(value)) return
      delete entries[key]
      save(store, entries)
    },
  }
}

/** A lost connection or a server hiccup is worth retrying; a refusal (400, 403, 404, 409) is not. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500
}

/**
 * The retry policy of a queued tap: a few tries with growing pauses; TanStack Query pauses the
 * mutation while the phone is offline and resumes it when the connection returns.
 */
export const OFFLINE_RETRY = {
  retry: (failures: number, error: unknown) => failures < 4 && isRetryable(error),
  retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 8000),
}
