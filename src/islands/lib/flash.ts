import { useEffect } from 'react'

import type { ToastMessage } from '#islands/components/ui/Toast'

/**
 * A toast that survives one page change: 'Welcome back!' and 'Registration successful!' are
 * followed by the move to the home page, 'Logged out' by the move to /auth, and a class
 * selection's success by the return to /account (spec §2, §8). Written before leaving, shown
 * once by the next page's island (NotifyProvider with `flash`).
 */
const KEY = 'academy-flash'

export function setFlash(message: ToastMessage): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(message))
  } catch {
    // storage unavailable (private mode): the toast is simply not carried over
  }
}

export function takeFlash(): ToastMessage | null {
  try {
    const raw = sessionStorage.getItem(KEY)
    if (!raw) return null
    sessionStorage.removeItem(KEY)
    const value = JSON.parse(raw) as ToastMessage
    return typeof value?.title === 'string' ? value : null
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
