import type { ReactNode } from 'react'

import { BUTTON } from './styles'

const TONES = {
  error: { role: 'alert', className: 'border-red-300 bg-red-50 text-red-900' },
  success: { role: 'status', className: 'border-green-300 bg-green-50 text-green-900' },
} as const

function AlertBox({ tone, title, children }: { tone: keyof typeof TONES; title?: string; children: ReactNode }) {
  return (
    <div role={TONES[tone].role} className={`rounded-xl border px-4 py-3 ${TONES[tone].className}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div className={`${title ? 'mt-1 ' : ''}space-y-1 text-sm`}>{children}</div>
    </div>
  )
}

/** A failure the form cannot attach to one field (spec §8 titles and messages), announced at once. */
export function ErrorAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AlertBox tone="error" title={title}>
      {children}
    </AlertBox>
  )
}

/** The result of a check that went well (a connection test, a test email), announced politely. */
export function SuccessAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <AlertBox tone="success" title={title}>
      {children}
    </AlertBox>
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
