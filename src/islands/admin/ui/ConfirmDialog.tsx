import type { ReactNode } from 'react'

import { Modal } from './Modal'
import { BUTTON } from './styles'

type Props = {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  pendingLabel?: string
  pending?: boolean
  destructive?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** "Are you sure…?" before anything that cannot be undone; Cancel has the focus, so Enter is safe. */
export function ConfirmDialog({ open, title, children, confirmLabel, pendingLabel, pending = false, destructive = true, onConfirm, onCancel }: Props) {
  return (
    <Modal open={open} onClose={onCancel} title={title} description={children}>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={BUTTON.secondary} onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className={destructive ? BUTTON.danger : BUTTON.primary} onClick={onConfirm} disabled={pending}>
          {pending ? (pendingLabel ?? `${confirmLabel}…`) : confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
