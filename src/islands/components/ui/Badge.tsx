import type { ReactNode } from 'react'

const TONES = {
  green: 'bg-green-100 text-green-900 ring-green-700/30',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-700/30',
  red: 'bg-red-100 text-red-900 ring-red-700/30',
  grey: 'bg-gray-100 text-gray-800 ring-gray-600/30',
  brand: 'bg-brand-50 text-brand-800 ring-brand-700/30',
} as const

export type BadgeTone = keyof typeof TONES

/** A coloured label; the colour never carries the meaning alone, the word does. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${TONES[tone]}`}>{children}</span>
  )
}
