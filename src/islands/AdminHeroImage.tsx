import { useId, useState, type FormEvent } from 'react'

import { HERO_IMAGE_KEY, SITE_ASSET_ALT_MAX, SITE_ASSET_MESSAGES } from '#api/site-content/site-assets.schemas'
import { useDeleteSiteAsset } from './api/site-content/delete-site-asset'
import { useUploadSiteAsset } from './api/site-content/upload-site-asset'
import { ErrorAlert } from './components/ui/Alert'
import { QueryProvider } from './components/QueryProvider'
import { Dialog, FormDialogActions } from './components/ui/Dialog'
import { TextField } from './components/ui/Field'
import { NotifyProvider, useNotify } from './components/ui/Toast'
import { HERO_IMAGE_TYPES, heroImageProblem } from './lib/hero-image'
import { errorMessage } from './lib/http'

export const REMOVE_CONFIRMATION = 'Are you sure you want to remove the hero image?'

type Props = { hasImage: boolean; alt: string }

const OVERLAY_BUTTON =
  'rounded-full bg-white/95 px-3 py-1.5 text-sm font-semibold text-brand-800 shadow ring-1 ring-brand-700 hover:bg-brand-50 disabled:opacity-70'

function HeroImageControls({ hasImage, alt }: Props) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const upload = useUploadSiteAsset()
  const remove = useDeleteSiteAsset()
  const notify = useNotify()

  function openDialog() {
    setFailure(null)
    upload.reset()
    setOpen(true)
  }

  async function onUpload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const file = form.get('file') as File | null
    const problem = heroImageProblem(file)
    if (problem) return setFailure(problem)
    const description = String(form.get('alt') ?? '').trim()
    if (description.length > SITE_ASSET_ALT_MAX) return setFailure(SITE_ASSET_MESSAGES.altTooLong)
    setFailure(null)
    try {
      await upload.mutateAsync({ key: HERO_IMAGE_KEY, file: file!, alt: description })
      setOpen(false)
      notify({ title: 'Hero image updated' })
      window.location.reload()
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to update hero image'))
    }
  }

  async function onRemove() {
    if (!window.confirm(REMOVE_CONFIRMATION)) return
    try {
      await remove.mutateAsync(HERO_IMAGE_KEY)
      notify({ title: 'Hero image removed' })
      window.location.reload()
    } catch (error) {
      notify({ title: 'Failed to remove hero image', text: errorMessage(error, 'Failed to remove hero image'), tone: 'error' })
    }
  }

  return (
    <>
      <div className="absolute right-3 top-3 flex flex-wrap justify-end gap-2">
        {hasImage ? (
          <>
            <button type="button" className={OVERLAY_BUTTON} onClick={openDialog}>
              Edit image
            </button>
            <button type="button" className={OVERLAY_BUTTON} onClick={onRemove} disabled={remove.isPending}>
              {remove.isPending ? 'Removing...' : 'Remove image'}
            </button>
          </>
        ) : (
          <button type="button" className={OVERLAY_BUTTON} onClick={openDialog}>
            Upload image
          </button>
        )}
      </div>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={hasImage ? 'Replace the hero image' : 'Upload a hero image'}
        description="JPEG, PNG, WebP or AVIF, at most 5 MB. It is resized for phones and wide screens."
      >
        <form noValidate onSubmit={onUpload} className="space-y-4">
          {failure ? <ErrorAlert title="Failed to update hero image">{failure}</ErrorAlert> : null}
          <div>
            <label htmlFor={`${id}-file`} className="block text-sm font-semibold">
              Image file
            </label>
            <input id={`${id}-file`} name="file" type="file" accept={HERO_IMAGE_TYPES.join(',')} className="mt-1 block w-full text-sm" />
          </div>
          <TextField id={`${id}-alt`} name="alt" label="Description for screen readers" defaultValue={alt} maxLength={SITE_ASSET_ALT_MAX} />
          <FormDialogActions onCancel={() => setOpen(false)} pending={upload.isPending} submitLabel="Upload" pendingLabel="Uploading..." />
        </form>
      </Dialog>
    </>
  )
}

/** Admins only: edit, remove or upload the landing page's hero image (spec §2, decisions §6). */
export default function AdminHeroImage(props: Props) {
  return (
    <QueryProvider>
      <NotifyProvider>
        <HeroImageControls {...props} />
      </NotifyProvider>
    </QueryProvider>
  )
}
