import type { ReactNode } from 'react'

import { BUTTON } from './styles'

/** A failure the form cannot attach to one field (spec §8 titles and messages). */
export function ErrorAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">
      <p className="font-semibold">{title}</p>
      <div className="mt-1 space-y-1 text-sm">{children}</div>
    </div>
  )
}

/**
 * Something that could not load (spec §8 "Failed to load …"): what failed, and, with `onRetry`,
 * a way to try again. Without a title the message and the button share one line.
 */
export function ErrorCard({
  title,
  message,
  onRetry,
  retryLabel = 'Try Again',
}: {
  title?: string
  message?: string
  onRetry?: () => void
  retryLabel?: string
}) {
  const retry = onRetry ? (
    <button type="button" className={BUTTON.secondary} onClick={onRetry}>
      {retryLabel}
    </button>
  ) : null
  if (!title) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">
        <p>{message}</p>
        {retry}
      </div>
    )
  }
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">
      <p className="font-semibold">{title}</p>
      {message ? <p className="mt-1 text-sm">{message}</p> : null}
      {retry ? <div className="mt-2">{retry}</div> : null}
    </div>
  )
}
