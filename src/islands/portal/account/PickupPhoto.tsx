import { useId, useState, type ChangeEvent } from 'react'

import type { PickupDto } from '#api/care/schemas'
import { useSavePickupPhoto } from '#islands/api/care/save-pickup-photo'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { BUTTON } from '#islands/components/ui/styles'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { resizedPhoto } from '#islands/lib/photo-resize'

/** A pickup's optional photo (issue 24): shown to the teacher on the roster; taken or chosen on the phone, resized before it is sent. */
export function PickupPhoto({ studentId, pickup }: { studentId: number; pickup: PickupDto }) {
  const inputId = useId()
  const notify = useNotify()
  const save = useSavePickupPhoto()
  const [failure, setFailure] = useState<string | null>(null)

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setFailure(null)
    try {
      const image = await resizedPhoto(file).catch(() => {
        throw new Error('This file could not be read as a photo. Please choose a JPEG or PNG image.')
      })
      await save.mutateAsync({ studentId, pickupId: pickup.id, image })
      notify({ title: 'Photo Saved', text: `The teacher will see ${pickup.name}’s photo on the roster.` })
    } catch (error) {
      setFailure(errorMessage(error, 'Could not save the photo. Please try again.'))
    }
  }

  async function onRemove() {
    setFailure(null)
    try {
      await save.mutateAsync({ studentId, pickupId: pickup.id, image: null })
      notify({ title: 'Photo Removed', text: `${pickup.name}’s photo is removed.` })
    } catch (error) {
      setFailure(errorMessage(error, 'Could not remove the photo. Please try again.'))
    }
  }

  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {pickup.photoUrl ? <img src={pickup.photoUrl} alt={pickup.name} className="h-16 w-16 rounded-xl object-cover" /> : null}
      <label htmlFor={inputId} className={`${BUTTON.quiet} cursor-pointer`}>
        {save.isPending ? 'Saving photo…' : pickup.photoUrl ? 'Change photo' : 'Add photo'}
        <span className="sr-only"> of {pickup.name}</span>
      </label>
      <input id={inputId} type="file" accept="image/*" className="sr-only" onChange={(event) => void onChoose(event)} disabled={save.isPending} />
      {pickup.photoUrl ? (
        <button type="button" className={BUTTON.quiet} onClick={() => void onRemove()} disabled={save.isPending}>
          Remove photo<span className="sr-only"> of {pickup.name}</span>
        </button>
      ) : null}
      {failure ? <ErrorAlert title="Photo not saved">{failure}</ErrorAlert> : null}
    </div>
  )
}
