/** A list or section that is loading: a small spinner and what is coming. */
export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-gray-700">
      <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-brand-700 border-t-transparent motion-reduce:animate-none" />
      {label}
    </p>
  )
}

/** A page-level wait (spec §2: while the current user loads). */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-gray-700">
      <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none" />
      <span className="text-sm">{label}</span>
    </div>
  )
}

/** Placeholder rows while a list loads (spec §9: 3 class rows, 2 student rows). */
export function SkeletonRows({ count, label, className = 'h-20' }: { count: number; label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3" data-testid="skeleton">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden="true" data-skeleton-row className={`animate-pulse rounded-2xl bg-gray-200 motion-reduce:animate-none ${className}`} />
      ))}
    </div>
  )
}

export function Empty({ children }: { children: string }) {
  return <p className="px-4 py-8 text-center text-gray-700">{children}</p>
}
