import { useEffect, useId, useRef, type ReactNode } from 'react'

type Props = {
  open: boolean
  onClose: () => void
  title: string
  description?: ReactNode
  children: ReactNode
  wide?: boolean
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and makes the page
 * behind it inert. Focus goes back to what opened it. Messages about a failure inside the
 * dialog must be shown in it: a toast would sit under the dialog's top layer.
 */
export function Modal({ open, onClose, title, description, children, wide }: Props) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      opener.current = document.activeElement as HTMLElement | null
      element.showModal()
    } else if (!open && element.open) {
      element.close()
    }
  }, [open])

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onClose={() => {
        onClose()
        const back = opener.current
        if (back?.isConnected) back.focus()
      }}
      className={`m-auto max-h-[92vh] overflow-y-auto rounded-2xl p-0 text-ink shadow-xl backdrop:bg-black/50 ${wide ? 'w-[min(44rem,calc(100vw-1.5rem))]' : 'w-[min(32rem,calc(100vw-1.5rem))]'}`}
    >
      {open ? (
        <div className="p-5 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={`${id}-title`} className="font-serif text-2xl">
              {title}
            </h2>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="-mt-1 -mr-2 grid h-10 w-10 shrink-0 place-items-center rounded-full text-2xl leading-none text-gray-700 hover:bg-gray-100"
              aria-label="Close dialog"
            >
              ×
            </button>
          </div>
          {description ? (
            <div id={`${id}-description`} className="mt-2 text-sm text-gray-700">
              {description}
            </div>
          ) : null}
          <div className="mt-4">{children}</div>
        </div>
      ) : null}
    </dialog>
  )
}
