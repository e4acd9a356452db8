import type { ReactNode } from 'react'

type Props = { id: string; checked: boolean; onChange: (next: boolean) => void; disabled?: boolean; describedBy?: string; children: ReactNode }

/** An on/off switch (role="switch"): Space or Enter toggles it, its label names it. */
export function Switch({ id, checked, onChange, disabled, describedBy, children }: Props) {
  return (
    <div className="flex items-center justify-between gap-4">
      <span id={`${id}-label`} className="font-semibold">
        {children}
      </span>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border-2 transition-colors disabled:opacity-60 ${checked ? 'border-brand-700 bg-brand-700' : 'border-gray-500 bg-gray-200'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-6 w-6 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-0.5'}`}
        />
      </button>
    </div>
  )
}
