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
