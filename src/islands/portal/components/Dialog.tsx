import { useEffect, useId, useRef, type ReactNode } from 'react'

/**
 * A modal dialog on the native <dialog>: focus moves in and is trapped, Escape closes it,
 * and focus returns to the control that opened it.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
}: {
  open: boolean
  title: ReactNode
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      {open ? (
        <div className="p-5">
          <h2 id={titleId} className="font-serif text-xl">
            {title}
          </h2>
          <div className="mt-3 text-gray-800">{children}</div>
          {footer ? <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  )
}

export const DIALOG_BUTTON = 'inline-flex items-center justify-center rounded-full px-5 py-2.5 font-semibold disabled:cursor-not-allowed disabled:opacity-70'
export const DIALOG_PRIMARY = `${DIALOG_BUTTON} bg-brand-700 text-white hover:bg-brand-800`
export const DIALOG_DANGER = `${DIALOG_BUTTON} bg-red-700 text-white hover:bg-red-800`
export const DIALOG_SECONDARY = `${DIALOG_BUTTON} border border-gray-400 bg-white text-ink hover:bg-gray-50`

/** "Are you sure?" with a confirm and a cancel button. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending = false,
  danger = false,
  onConfirm,
  onClose,
}: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  pendingLabel?: string
  pending?: boolean
  danger?: boolean
  onConfirm: () => void
  onClose: () => void
}) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={() => (pending ? undefined : onClose())}
      footer={
        <>
          <button type="button" className={DIALOG_SECONDARY} onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="button" className={danger ? DIALOG_DANGER : DIALOG_PRIMARY} onClick={onConfirm} disabled={pending} aria-disabled={pending}>
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}
