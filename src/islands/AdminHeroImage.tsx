import { useId, useRef, useState, type FormEvent } from 'react'

import { HERO_IMAGE_KEY, SITE_ASSET_ALT_MAX, SITE_ASSET_MESSAGES } from '#api/schemas/site-assets'
import { useDeleteSiteAsset } from './api/delete-site-asset'
import { useUploadSiteAsset } from './api/upload-site-asset'
import { ErrorAlert } from './components/Alert'
import { QueryProvider } from './components/QueryProvider'
import { Toast, useToast } from './components/Toast'
import { HERO_IMAGE_TYPES, heroImageProblem } from './lib/hero-image'
import { errorMessage } from './lib/http'

export const REMOVE_CONFIRMATION = 'Are you sure you want to remove the hero image?'

type Props = { hasImage: boolean; alt: string }

const BUTTON = 'rounded-full bg-white/95 px-3 py-1.5 text-sm font-semibold text-brand-800 shadow ring-1 ring-brand-700 hover:bg-brand-50 disabled:opacity-70'

function HeroImageControls({ hasImage, alt }: Props) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const upload = useUploadSiteAsset()
  const remove = useDeleteSiteAsset()
  const { toast, show, dismiss } = useToast()

  function openDialog() {
    setFailure(null)
    upload.reset()
    dialog.current?.showModal()
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
      dialog.current?.close()
      show({ title: 'Hero image updated' })
      window.location.reload()
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to update hero image'))
    }
  }

  async function onRemove() {
    if (!window.confirm(REMOVE_CONFIRMATION)) return
    try {
      await remove.mutateAsync(HERO_IMAGE_KEY)
      show({ title: 'Hero image removed' })
      window.location.reload()
    } catch (error) {
      show({ title: 'Failed to remove hero image', text: errorMessage(error, 'Failed to remove hero image'), tone: 'error' })
    }
  }

  return (
    <>
      <div className="absolute right-3 top-3 flex flex-wrap justify-end gap-2">
        {hasImage ? (
          <>
            <button type="button" className={BUTTON} onClick={openDialog}>
              Edit image
            </button>
            <button type="button" className={BUTTON} onClick={onRemove} disabled={remove.isPending}>
              {remove.isPending ? 'Removing...' : 'Remove image'}
            </button>
          </>
        ) : (
          <button type="button" className={BUTTON} onClick={openDialog}>
            Upload image
          </button>
        )}
      </div>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl p-0 text-ink shadow-xl backdrop:bg-black/40"
      >
        <form noValidate onSubmit={onUpload} className="space-y-4 p-6">
          <h2 id={`${id}-title`} className="font-serif text-2xl">
            {hasImage ? 'Replace the hero image' : 'Upload a hero image'}
          </h2>
          <p className="text-sm text-gray-700">JPEG, PNG, WebP or AVIF, at most 5 MB. It is resized for phones and wide screens.</p>
          {failure ? <ErrorAlert title="Failed to update hero image">{failure}</ErrorAlert> : null}
          <div>
            <label htmlFor={`${id}-file`} className="block text-sm font-semibold">
              Image file
            </label>
            <input id={`${id}-file`} name="file" type="file" accept={HERO_IMAGE_TYPES.join(',')} className="mt-1 block w-full text-sm" />
          </div>
          <div>
            <label htmlFor={`${id}-alt`} className="block text-sm font-semibold">
              Description for screen readers
            </label>
            <input
              id={`${id}-alt`}
              name="alt"
              defaultValue={alt}
              maxLength={SITE_ASSET_ALT_MAX}
              className="mt-1 block w-full rounded-xl border border-gray-400 px-3 py-2"
            />
          </div>
          <div className="flex justify-end gap-3">
            <button type="button" onClick={() => dialog.current?.close()} className="rounded-full border border-gray-400 px-5 py-2 font-semibold">
              Cancel
            </button>
            <button
              type="submit"
              disabled={upload.isPending}
              className="rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
            >
              {upload.isPending ? 'Uploading...' : 'Upload'}
            </button>
          </div>
        </form>
      </dialog>
      <Toast toast={toast} onDismiss={dismiss} />
    </>
  )
}

/** Admins only: edit, remove or upload the landing page's hero image (spec §2, decisions §6). */
export default function AdminHeroImage(props: Props) {
  return (
    <QueryProvider>
      <HeroImageControls {...props} />
    </QueryProvider>
  )
}
