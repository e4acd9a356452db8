import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

import { useFlash } from '#islands/lib/flash'
import { onDialogChange, topDialog } from '#islands/lib/top-layer'
import { ApiError } from '#islands/lib/http'

export type ToastMessage = { title: string; text?: string; tone?: 'success' | 'error' }

export type Notify = (message: ToastMessage) => void

const NotifyContext = createContext<Notify>(() => {})

/**
 * The one notifier of every island (spec §8 titles and messages): one toast at a time,
 * announced politely, gone after `durationMs`. With `flash`, it also shows the toast the
 * previous page left (lib/flash).
 */
export function NotifyProvider({ children, durationMs = 4000, flash = false }: { children: ReactNode; durationMs?: number; flash?: boolean }) {
  const [toast, setToast] = useState<ToastMessage | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const show = useCallback(
    (message: ToastMessage) => {
      clearTimeout(timer.current)
      setToast(message)
      timer.current = setTimeout(() => setToast(null), durationMs)
    },
    [durationMs],
  )
  const dismiss = useCallback(() => {
    clearTimeout(timer.current)
    setToast(null)
  }, [])
  useEffect(() => () => clearTimeout(timer.current), [])
  useFlash(show, flash)
  const host = useToastHost()

  return (
    <NotifyContext.Provider value={show}>
      {children}
      {host?.isConnected && host.open ? (
        createPortal(<ToastRegion toast={toast} onDismiss={dismiss} />, host)
      ) : (
        <ToastRegion toast={toast} onDismiss={dismiss} />
      )}
    </NotifyContext.Provider>
  )
}

/** The live region and the one toast in it, at the top of the screen. */
function ToastRegion({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-4">
      {toast ? (
        <div
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-2xl border px-4 py-3 shadow-lg ${
            toast.tone === 'error' ? 'border-red-300 bg-red-50 text-red-900' : 'border-green-300 bg-green-50 text-green-900'
          }`}
        >
          <div className="flex-1">
            <p className="font-semibold">{toast.title}</p>
            {toast.text ? <p className="mt-0.5 text-sm">{toast.text}</p> : null}
          </div>
          <button type="button" onClick={onDismiss} className="rounded-full px-2 text-lg leading-none" aria-label="Dismiss notification">
            ×
          </button>
        </div>
      ) : null}
    </div>
  )
}

/** Where the toasts go: inside the open dialog on top (the page behind it is inert), else in place. */
function useToastHost(): HTMLDialogElement | null {
  const [host, setHost] = useState<HTMLDialogElement | null>(null)
  useEffect(() => {
    const follow = () => setHost(topDialog())
    follow()
    return onDialogChange(follow)
  }, [])
  return host
}

export function useNotify(): Notify {
  return useContext(NotifyContext)
}

/**
 * A failed action: the spec's title ('Failed to delete user'), and the server's own sentence
 * when it gave one (the self-protection rules, "This class is full.").
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
