import { BUTTON } from './styles'

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-gray-700">
      <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" />
      {label}
    </p>
  )
}

/** A list that could not load: what failed, and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">
      <p>{message}</p>
      <button type="button" className={BUTTON.secondary} onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}

export function Empty({ children }: { children: string }) {
  return <p className="px-4 py-8 text-center text-gray-700">{children}</p>
}
