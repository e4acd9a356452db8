import type { ClosureDto } from '#api/lib/closures.schemas'
import { formatClosure, formatClosureDates } from '#shared/closures'
import { TextField } from '#islands/components/ui/Field'
import { BUTTON } from '#islands/components/ui/styles'
import type { ClosureDraft } from './closure-draft'

type Props = {
  id: string
  legend: string
  hint: string
  closures: readonly ClosureDto[]
  onRemove: (closure: ClosureDto) => void
  draft: ClosureDraft
  onDraftChange: (draft: ClosureDraft) => void
  onAdd: () => void
  /** A refused draft, or the server's message about the list. */
  error?: string
}

/**
 * Closures as ranges (src/shared/closures.ts): a first day, an optional last day (a winter break
 * is one closure) and an optional label to add, and the list with a Remove button for each.
 */
export function ClosuresEditor({ id, legend, hint, closures, onRemove, draft, onDraftChange, onAdd, error }: Props) {
  const set = (patch: Partial<ClosureDraft>) => onDraftChange({ ...draft, ...patch })
  return (
    <fieldset className="space-y-2" aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <p id={`${id}-hint`} className="text-sm text-gray-700">
        {hint}
      </p>
      <div className="grid gap-2 sm:grid-cols-[10rem_10rem_1fr_auto] sm:items-end">
        <TextField id={`${id}-start`} name="" label="Closed from" type="date" value={draft.start} onChange={(e) => set({ start: e.target.value })} />
        <TextField id={`${id}-end`} name="" label="Closed until (optional)" type="date" value={draft.end} onChange={(e) => set({ end: e.target.value })} />
        <TextField
          id={`${id}-label`}
          name=""
          label="Closure label (optional)"
          placeholder="Winter break"
          maxLength={100}
          value={draft.label}
          onChange={(e) => set({ label: e.target.value })}
        />
        <button type="button" className={BUTTON.secondary} onClick={onAdd}>
          Add Closure
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {closures.length === 0 ? (
        <p className="text-sm text-gray-700">No closures.</p>
      ) : (
        <ul className="space-y-1" aria-label="Closures">
          {closures.map((closure) => (
            <li
              key={`${closure.start}/${closure.end}`}
              className="flex items-center justify-between gap-2 rounded-xl border border-gray-200 px-3 py-1.5 text-sm text-ink"
            >
              <span>{formatClosure(closure)}</span>
              <button type="button" className={BUTTON.quiet} aria-label={`Remove closure ${formatClosureDates(closure)}`} onClick={() => onRemove(closure)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  )
}
