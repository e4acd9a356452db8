import type { ReactNode } from 'react'

/** A failure the form cannot attach to one field (spec §8 titles and messages). */
export function ErrorAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{children}</p>
    </div>
  )
}
