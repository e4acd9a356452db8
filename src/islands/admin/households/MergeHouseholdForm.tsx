import { useId, useState } from 'react'

import type { MergePreviewDto } from '#api/households/schemas'
import { useMergeHouseholds, useMergePreview } from '#islands/api/households/admin-households'
import { FamilyPicker, type PickedFamily } from '#islands/admin/users/FamilyPicker'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { Loading } from '#islands/components/ui/LoadState'
import { BUTTON } from '#islands/components/ui/styles'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'

const MOVES: ReadonlyArray<[keyof MergePreviewDto['moves'], string]> = [
  ['guardians', 'Guardians'],
  ['students', 'Students'],
  ['enrollments', 'Enrollments'],
  ['invoices', 'Invoices'],
  ['payments', 'Payments'],
  ['credits', 'Credits'],
  ['waitlistPlaces', 'Waitlist places'],
  ['attendanceMarks', 'Attendance marks'],
]

/** Merge a duplicate household into the one shown: choose it, read what moves, confirm (decisions §23). */
export function MergeHouseholdForm({ keepId, keepName }: { keepId: number; keepName: string }) {
  const id = useId()
  const notify = useNotify()
  const [other, setOther] = useState<PickedFamily | null>(null)
  const [card, setCard] = useState<'keep' | 'merge' | null>(null)
  const [confirming, setConfirming] = useState(false)
  // Remounting the picker clears it, once a merge is done.
  const [pickerKey, setPickerKey] = useState(0)
  const preview = useMergePreview(keepId, other?.id ?? null)
  const merge = useMergeHouseholds()

  async function confirm() {
    if (!other) return
    try {
      await merge.mutateAsync({ keep: keepId, merge: other.id, ...(card ? { card } : {}) })
      setConfirming(false)
      notify({ title: 'Households Merged', text: `${other.fullName}’s household is now part of ${keepName}’s.` })
      setOther(null)
      setCard(null)
      setPickerKey((key) => key + 1)
    } catch (error) {
      setConfirming(false)
      notify({ title: 'Not merged', text: errorMessage(error, 'The households could not be merged. Please try again.'), tone: 'error' })
    }
  }

  const data = preview.data
  const ready = data !== undefined && (!data.needsCardChoice || card !== null)
  return (
    <div className="mt-4 rounded-2xl border border-gray-200 p-3">
      <h3 className="font-semibold">Merge a duplicate household into this one</h3>
      <div className="mt-2">
        <FamilyPicker key={pickerKey} id={`${id}-other`} label="Household to merge (any of its guardians)" onSelect={setOther} />
      </div>
      {other && preview.isPending ? <Loading label="Reading what would move" /> : null}
      {other && preview.isError ? <ErrorAlert title="Cannot merge">{errorMessage(preview.error, 'Choose another household.')}</ErrorAlert> : null}
      {data ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm">
            Everything of {data.merge.name}’s household moves to {data.keep.name}’s. Nothing is copied, so nothing is counted twice.
          </p>
          <dl aria-label="What moves" className="grid grid-cols-2 gap-2 text-sm">
            {MOVES.map(([key, label]) => (
              <div key={key} className="rounded-xl bg-gray-50 px-3 py-2">
                <dt className="text-gray-700">{label}</dt>
                <dd className="font-semibold tabular-nums">{data.moves[key]}</dd>
              </div>
            ))}
          </dl>
          {data.needsCardChoice ? (
            <fieldset className="space-y-1 text-sm">
              <legend className="font-semibold">Both have a saved card. Keep the card of:</legend>
              {(['keep', 'merge'] as const).map((side) => (
                <label key={side} className="flex items-center gap-2">
                  <input type="radio" name={`${id}-card`} checked={card === side} onChange={() => setCard(side)} />
                  {data[side].name}
                </label>
              ))}
            </fieldset>
          ) : null}
          {confirming ? (
            // Confirmed here rather than in a second modal over this one.
            <div role="group" aria-label="Confirm the merge" className="rounded-xl border border-red-300 bg-red-50 p-3">
              <p className="text-sm">
                {data.merge.name}’s household becomes part of {data.keep.name}’s. This cannot be undone.
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button type="button" className={BUTTON.secondary} onClick={() => setConfirming(false)} autoFocus>
                  Cancel
                </button>
                <button type="button" className={BUTTON.danger} disabled={merge.isPending} onClick={() => void confirm()}>
                  {merge.isPending ? 'Merging…' : 'Confirm Merge'}
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className={BUTTON.danger} disabled={!ready} onClick={() => setConfirming(true)}>
              Merge Households
            </button>
          )}
        </div>
      ) : null}
    </div>
  )
}
