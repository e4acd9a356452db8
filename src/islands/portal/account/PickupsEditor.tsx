import { useId, useState, type FormEvent } from 'react'

import { pickupInputSchema, type PersonInput, type PickupDto } from '#api/care/schemas'
import { useRemovePickup } from '#islands/api/care/remove-pickup'
import { useSavePickup } from '#islands/api/care/save-pickup'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { BUTTON } from '#islands/components/ui/styles'
import { useNotify } from '#islands/components/ui/Toast'
import type { FieldErrors } from '#islands/lib/form'
import { errorMessage } from '#islands/lib/http'
import { EMPTY_PERSON, validateAll } from './care-form'
import { PersonFields } from './PersonFields'
import { PickupPhoto } from './PickupPhoto'

/** Who may collect the child from class (issue 24): the teacher sees them on the roster. Each change is saved at once. */
export function PickupsEditor({ studentId, studentName, pickups }: { studentId: number; studentName: string; pickups: PickupDto[] }) {
  const prefix = useId()
  const notify = useNotify()
  const save = useSavePickup()
  const remove = useRemovePickup()
  // The pickup being edited (its id), 'new' for the add form, null for none.
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const [draft, setDraft] = useState<PersonInput>(EMPTY_PERSON)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)

  function open(target: PickupDto | 'new') {
    setErrors({})
    setFailure(null)
    setDraft(target === 'new' ? { ...EMPTY_PERSON } : { name: target.name, relationship: target.relationship, phone: target.phone })
    setEditing(target === 'new' ? 'new' : target.id)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = validateAll(pickupInputSchema, draft)
    if (!checked.ok) return setErrors(checked.errors)
    try {
      const saved = await save.mutateAsync({ studentId, pickupId: editing === 'new' || editing === null ? undefined : editing, pickup: checked.data })
      notify({ title: 'Pickup Saved', text: `${saved.name} may collect ${studentName}.` })
      setEditing(null)
    } catch (error) {
      setFailure(errorMessage(error, 'Could not save the pickup. Please try again.'))
    }
  }

  async function onRemove(pickup: PickupDto) {
    setFailure(null)
    try {
      await remove.mutateAsync({ studentId, pickupId: pickup.id })
      notify({ title: 'Pickup Removed', text: `${pickup.name} is no longer an authorised pickup of ${studentName}.` })
    } catch (error) {
      setFailure(errorMessage(error, 'Could not remove the pickup. Please try again.'))
    }
  }

  const form = (
    <form noValidate onSubmit={onSubmit} aria-label={editing === 'new' ? 'Add pickup' : 'Edit pickup'} className="space-y-3 rounded-2xl bg-brand-50 p-3">
      <PersonFields idPrefix={`${prefix}-pickup`} value={draft} onChange={setDraft} errors={errors} path="" />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={BUTTON.primary} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save pickup'}
        </button>
        <button type="button" className={BUTTON.secondary} onClick={() => setEditing(null)}>
          Cancel
        </button>
      </div>
    </form>
  )

  return (
    <section aria-labelledby={`${prefix}-title`} className="space-y-3 rounded-2xl border border-gray-200 p-3">
      <h3 id={`${prefix}-title`} className="font-semibold">
        Authorised pickups
      </h3>
      <p className="text-sm text-gray-700">Who may collect {studentName} from class besides you. The teacher sees them on the class roster.</p>
      {failure ? <ErrorAlert title="Not saved">{failure}</ErrorAlert> : null}
      {pickups.length === 0 ? <p className="text-sm text-gray-800">No authorised pickups yet.</p> : null}
      <ul className="space-y-2" aria-label={`Authorised pickups of ${studentName}`}>
        {pickups.map((pickup) => (
          <li key={pickup.id} className="rounded-xl border border-gray-200 p-2">
            {editing === pickup.id ? (
              form
            ) : (
              <>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p>
                    <span className="font-semibold">{pickup.name}</span> <span className="text-gray-700">({pickup.relationship})</span>
                    <span className="block text-sm">{pickup.phone}</span>
                  </p>
                  <span className="flex gap-1">
                    <button type="button" className={BUTTON.quiet} onClick={() => open(pickup)}>
                      Edit<span className="sr-only"> {pickup.name}</span>
                    </button>
                    <button type="button" className={BUTTON.quiet} onClick={() => void onRemove(pickup)} disabled={remove.isPending}>
                      Remove<span className="sr-only"> {pickup.name}</span>
                    </button>
                  </span>
                </div>
                <PickupPhoto studentId={studentId} pickup={pickup} />
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        form
      ) : pickups.length < 10 ? (
        <button type="button" className={BUTTON.secondary} onClick={() => open('new')}>
          Add pickup
        </button>
      ) : null}
    </section>
  )
}
