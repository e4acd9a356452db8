import { useEffect } from 'react'

import type { ToastMessage } from '#islands/components/ui/Toast'

/**
 * A toast that survives one page change: 'Welcome back!' and 'Registration successful!' are
 * followed by the move to the home page, 'Logged out' by the move to /auth, and a class
 * selection's success by the return to /account (spec §2, §8). Written before leaving, shown
 * once by the next page's island (NotifyProvider with `flash`).
 *
 * A toast belongs to the page change that follows it: one not shown within FLASH_MAX_AGE_MS (the
 * next page had no island to show it, or the move never happened) is dropped, never replayed on
 * a page much later (issue 41).
 */
const KEY = 'academy-flash'
export const FLASH_MAX_AGE_MS = 15_000

type Stored = ToastMessage & { at?: number }

export function setFlash(message: ToastMessage): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...message, at: Date.now() } satisfies Stored))
  } catch {
    // storage unavailable (private mode): the toast is simply not carried over
  }
}

export function takeFlash(now = Date.now()): ToastMessage | null {
  try {
    const raw = sessionStorage.getItem(KEY)
    if (!raw) return null
    sessionStorage.removeItem(KEY)
    const { at, ...value } = JSON.parse(raw) as Stored
    if (typeof value?.title !== 'string' || typeof at !== 'number' || now - at > FLASH_MAX_AGE_MS) return null
    return value
  } catch {
    return null
  }
}

/** Shows the toast the previous page left, if any, once this island has mounted (when `enabled`). */
export function useFlash(show: (message: ToastMessage) => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return
    const flash = takeFlash()
    if (flash) show(flash)
  }, [show, enabled])
}
