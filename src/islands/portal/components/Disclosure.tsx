import { useId, useState, type ReactNode } from 'react'

/** A 'Details' toggle with its panel (aria-expanded, aria-controls). */
export function Disclosure({ label, openLabel, children, className = '' }: { label: string; openLabel?: string; children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <div className={className}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-11 items-center gap-1 rounded-full text-sm font-semibold text-brand-700 hover:underline"
      >
        {open ? (openLabel ?? label) : label}
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className={open ? 'rotate-180' : ''}
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      <div id={id} hidden={!open} className="mt-2 text-sm text-gray-800">
        {children}
      </div>
    </div>
  )
}
