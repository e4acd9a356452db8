import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react'

import { Toast, useToast, type ToastMessage } from '#islands/components/Toast'
import { useFlash } from '#islands/lib/flash'
import { ApiError } from '#islands/lib/http'

type Notify = (message: ToastMessage) => void

const NotifyContext = createContext<Notify>(() => {})

/** One toast area for the whole console (spec §8 admin toasts). */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const { toast, show, dismiss } = useToast(5000)
  useFlash(show)
  return (
    <NotifyContext.Provider value={show}>
      {children}
      <Toast toast={toast} onDismiss={dismiss} />
    </NotifyContext.Provider>
  )
}

export function useNotify(): Notify {
  return useContext(NotifyContext)
}

/**
 * A failed admin action: the spec's title ('Failed to delete user'), and the server's own
 * sentence when it gave one (the self-protection rules, "This class is full.").
 */
export function useNotifyFailure() {
  const notify = useNotify()
  return useCallback(
    (title: string, error: unknown) => {
      const text = error instanceof ApiError ? (error.serverMessage ?? (error.status === 0 ? error.message : undefined)) : undefined
      notify({ title, text, tone: 'error' })
    },
    [notify],
  )
}

/** Spec §8 'Failed to load {tab}. Please try again.': once per failure, titled Error. */
export function useLoadFailureToast(failed: boolean, text: string) {
  const notify = useNotify()
  const shown = useRef(false)
  useEffect(() => {
    if (failed && !shown.current) notify({ title: 'Error', text, tone: 'error' })
    shown.current = failed
  }, [failed, text, notify])
}
