import { useId, type ReactNode } from 'react'

type Props = {
  checked: boolean
  onChange: (next: boolean) => void
  /** What it switches; names the switch. */
  label: ReactNode
  /** A sentence under the label, read as the switch's description. */
  hint?: ReactNode
  /** The id of a description shown elsewhere (instead of a hint). */
  describedBy?: string
  disabled?: boolean
  id?: string
}

/** An on/off switch (role="switch"): Space or Enter toggles it, its label names it. */
export function Switch({ checked, onChange, label, hint, describedBy, disabled, id: given }: Props) {
  const generated = useId()
  const id = given ?? generated
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p id={`${id}-label`} className="font-semibold">
          {label}
        </p>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-gray-800">
            {hint}
          </p>
        ) : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : describedBy}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        // The track is 32 px tall; the button around it is the 44 px a finger needs (issue 41).
        className="inline-flex h-11 w-14 shrink-0 items-center rounded-full disabled:opacity-60"
      >
        <span
          aria-hidden="true"
          className={`relative inline-flex h-8 w-14 items-center rounded-full border-2 transition-colors ${checked ? 'border-brand-700 bg-brand-700' : 'border-gray-500 bg-gray-200'}`}
        >
          <span className={`inline-block h-6 w-6 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-0.5'}`} />
        </span>
      </button>
    </div>
  )
}
