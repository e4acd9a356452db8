import { useCallback, useEffect, useRef, useState } from 'react'

export type ToastMessage = { title: string; text?: string; tone?: 'success' | 'error' }

/** One toast at a time, announced politely, gone after `durationMs` (the contact form's is 5000 ms). */
export function useToast(durationMs = 4000) {
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
  return { toast, show, dismiss }
}

export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
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
