/** Button looks of the admin console; every one keeps a 44px touch target (issue 41) and a visible focus ring. */
const BASE =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60'

export const BUTTON = {
  primary: `${BASE} bg-brand-700 text-white hover:bg-brand-800`,
  secondary: `${BASE} border border-gray-400 bg-white text-ink hover:bg-gray-50`,
  danger: `${BASE} bg-red-700 text-white hover:bg-red-800`,
  dangerOutline: `${BASE} border border-red-700 bg-white text-red-800 hover:bg-red-50`,
  quiet: `${BASE} text-brand-800 underline-offset-2 hover:underline`,
} as const

/**
 * Spec §2: admin lists are capped at 60% of the viewport height and scroll. `relative` makes
 * the list the containing block of its screen-reader-only texts (absolutely positioned): else
 * they sit at their place far down the scrolled rows and stretch the page below the list.
 */
export const SCROLL_LIST = 'relative max-h-[60vh] overflow-y-auto overscroll-contain rounded-2xl border border-gray-200'

export const CARD = 'rounded-2xl border border-gray-200 bg-white p-4 shadow-sm'

export const TABLE = 'w-full border-collapse text-left text-sm'
export const TH = 'sticky top-0 z-10 bg-gray-50 px-3 py-2.5 text-xs font-semibold tracking-wide text-gray-700 uppercase'
export const TD = 'border-t border-gray-200 px-3 py-3 align-top'
