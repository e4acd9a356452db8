import { useEffect, useId, useRef, type ReactNode } from 'react'

import { announceDialogChange } from '#islands/lib/top-layer'
import { BUTTON } from './styles'

type Props = {
  open: boolean
  /** Escape, the × button or a click on Cancel: the owner decides and sets `open` to false. */
  onClose: () => void
  title: ReactNode
  /** The dialog's accessible description (aria-describedby), shown under the title. */
  description?: ReactNode
  children?: ReactNode
  /** The buttons, laid out by DialogActions. */
  footer?: ReactNode
  wide?: boolean
  /** A × 'Close dialog' button in the corner, for dialogs whose content has no Cancel of its own. */
  closeButton?: boolean
}

/**
 * The one modal of the browser, on the native <dialog>: the browser traps focus and makes the
 * page behind it inert; Escape asks the owner to close it; focus goes back to what opened it.
 * Messages about a failure inside the dialog are shown in it; a toast raised while it is open is
 * shown inside it too (lib/top-layer), above its content.
 */
export function Dialog({ open, onClose, title, description, children, footer, wide, closeButton }: Props) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)

  // A dialog taken off the page while open (its owner stopped rendering it) closes without a
  // close event: the toasts must hear of it too, or they would stay inside the removed dialog.
  useEffect(() => () => announceDialogChange(), [])

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      opener.current = document.activeElement as HTMLElement | null
      element.showModal()
      announceDialogChange()
    } else if (!open && element.open) {
      element.close()
      announceDialogChange()
    }
  }, [open])

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClose={() => {
        // Closed by the browser itself rather than by `open` (a second Escape it no longer lets be cancelled).
        if (open) onClose()
        announceDialogChange()
        const back = opener.current
        opener.current = null
        if (back?.isConnected) back.focus()
      }}
      className={`m-auto max-h-[92vh] overflow-y-auto rounded-2xl p-0 text-ink shadow-xl backdrop:bg-black/50 ${wide ? 'w-[min(44rem,calc(100vw-1.5rem))]' : 'w-[min(32rem,calc(100vw-1.5rem))]'}`}
    >
      {open ? (
        <div className="p-5 break-words sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={`${id}-title`} className="min-w-0 font-serif text-2xl">
              {title}
            </h2>
            {closeButton ? (
              <button
                type="button"
                onClick={onClose}
                className="-mt-1 -mr-2 grid h-11 w-11 shrink-0 place-items-center rounded-full text-2xl leading-none text-gray-700 hover:bg-gray-100"
                aria-label="Close dialog"
              >
                ×
              </button>
            ) : null}
          </div>
          {description ? (
            <div id={`${id}-description`} className="mt-2 text-gray-800">
              {description}
            </div>
          ) : null}
          {children ? <div className="mt-4">{children}</div> : null}
          {footer ? <DialogActions className="mt-5">{footer}</DialogActions> : null}
        </div>
      ) : null}
    </dialog>
  )
}

/** A dialog's buttons: stacked on a phone with the main action on top, in a row on the right from `sm`. */
export function DialogActions({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`flex flex-col-reverse gap-3 sm:flex-row sm:justify-end ${className}`}>{children}</div>
}

/** A form dialog's Cancel and submit buttons; the submit says what it is doing while the call runs. */
export function FormDialogActions({
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
}: {
  onCancel: () => void
  pending: boolean
  submitLabel: string
  pendingLabel: string
}) {
  return (
    <DialogActions className="pt-2">
      <button type="button" className={BUTTON.secondary} onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className={BUTTON.primary} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </DialogActions>
  )
}

type ConfirmProps = {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  /** What the way out says when 'Cancel' would be ambiguous ('Keep the class' in a dialog that cancels one). */
  cancelLabel?: string
  pendingLabel?: string
  pending?: boolean
  /** A red confirm button for what cannot be undone (the default); false for a primary one. */
  destructive?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** "Are you sure…?" before anything that cannot be undone; Cancel has the focus, so Enter is safe. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  pendingLabel,
  pending = false,
  destructive = true,
  onConfirm,
  onCancel,
}: ConfirmProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={children}
      footer={
        <>
          <button type="button" className={BUTTON.secondary} onClick={onCancel} autoFocus>
            {cancelLabel}
          </button>
          <button type="button" className={destructive ? BUTTON.danger : BUTTON.primary} onClick={onConfirm} disabled={pending}>
            {pending ? (pendingLabel ?? `${confirmLabel}…`) : confirmLabel}
          </button>
        </>
      }
    />
  )
}
