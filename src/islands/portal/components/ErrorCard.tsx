/** A load failure with a way out (spec §8 "Failed to load …"). */
export function ErrorCard({ title, message, onRetry }: { title: string; message?: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">
      <p className="font-semibold">{title}</p>
      {message ? <p className="mt-1 text-sm">{message}</p> : null}
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-2 rounded-full border border-red-800 px-4 py-1.5 text-sm font-semibold text-red-900 hover:bg-red-100"
        >
          Try Again
        </button>
      ) : null}
    </div>
  )
}
