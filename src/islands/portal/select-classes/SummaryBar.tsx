import { useId, useState } from 'react'

import type { ClassDto } from '#api/classes/schemas'
import { classCount } from '#islands/portal/format'
import { formatCents, formatPricePerMonth } from '#shared/money'

/** The bar over the bottom navigation: what is selected, its monthly total, and Add to Schedule. */
export function SummaryBar({ selected, pending, onSubmit }: { selected: ClassDto[]; pending: boolean; onSubmit: () => void }) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const total = selected.reduce((sum, cls) => sum + cls.price, 0)
  return (
    <section
      aria-label="Selected classes"
      className="fixed inset-x-0 bottom-[calc(3.75rem+env(safe-area-inset-bottom))] z-30 mx-auto w-full max-w-[500px] px-2"
      data-testid="summary-bar"
    >
      <div className="rounded-2xl border border-gray-200 bg-white p-3 shadow-[0_-4px_24px_rgba(0,0,0,0.12)]">
        <div className="flex items-center justify-between gap-3">
          <div aria-live="polite">
            <p className="font-semibold">{classCount(selected.length)} selected</p>
            <p className="text-sm text-gray-800">
              Total: <span className="font-semibold">{formatCents(total)}</span>/month
            </p>
          </div>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((v) => !v)}
            className="rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 hover:underline"
          >
            {open ? 'Hide list' : 'Show list'}
          </button>
        </div>
        <ul id={listId} hidden={!open} className="mt-2 max-h-48 space-y-1 overflow-y-auto border-t border-gray-200 pt-2 text-sm">
          {selected.map((cls) => (
            <li key={cls.id} className="flex justify-between gap-3">
              <span>
                <span className="font-semibold">{cls.name}</span>
                <span className="block text-gray-800">
                  {cls.days} · {cls.time}
                </span>
              </span>
              <span className="shrink-0">{formatPricePerMonth(cls.price)}</span>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={onSubmit}
          disabled={pending}
          className="mt-2 inline-flex w-full items-center justify-center rounded-full bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {pending ? 'Adding to Schedule...' : 'Add to Schedule'}
        </button>
      </div>
    </section>
  )
}
