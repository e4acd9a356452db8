import type { ReactNode } from 'react'

/** The heading of a tab panel, with its main action on the right. */
export function SectionHeader({ id, title, children, action }: { id: string; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={id} className="font-serif text-2xl">
          {title}
        </h2>
        {children ? <p className="mt-1 text-sm text-gray-700">{children}</p> : null}
      </div>
      {action}
    </div>
  )
}
