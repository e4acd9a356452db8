import type { ToastMessage } from '#islands/components/Toast'

/**
 * A toast that survives one page change (the class selection's success returns to /account,
 * spec §2): written before leaving, shown once by the next portal page.
 */
const KEY = 'portal-flash'

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
