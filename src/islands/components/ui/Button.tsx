import type { ButtonHTMLAttributes } from 'react'

import { useHydrated } from '#islands/lib/use-hydrated'

export const PRIMARY_BUTTON =
  'inline-flex w-full items-center justify-center rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70'

/**
 * A submit button that says what it is doing while the call runs ('Logging in...'), and that
 * only works once the island is live (see useHydrated).
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className,
  ...rest
}: { pending: boolean; pendingLabel: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const hydrated = useHydrated()
  return (
    <button type="submit" disabled={pending || !hydrated} className={`${PRIMARY_BUTTON} ${className ?? ''}`} {...rest}>
      {pending ? pendingLabel : children}
    </button>
  )
}
